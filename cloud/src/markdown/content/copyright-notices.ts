/**
 * A site's copyright line ("© 2025 Example Inc. All rights reserved.", "Copyright 1995 - 2025 …") is the
 * footer's, wherever the markup puts it: often inside the same wrapper as the page's content, with no
 * footer tag or class to tell it. The line is told by how it starts (the © sign, "Copyright" with a sign
 * or a year) or ends ("All rights reserved."), in a block of a line's length; a paragraph that discusses
 * copyright, or a caption crediting a photo ("Harbour at dawn | © 2019 A. Painter"), is not one.
 */
import { removeNodes, type LightElement } from "../dom/light-dom.js";
import { forEachShortBlock } from "./short-blocks.js";

const NOTICE_START = /^(?:©|copyright\s*(?:©|\(c\)|\d{4})|\(c\)\s*\d{4})/i;
const NOTICE_END = /all rights reserved\.?$/i;

/** The most text a copyright line's block may have: longer, it is a paragraph about something else. */
const MAX_NOTICE_CHARS = 250;

export function removeCopyrightNotices(root: LightElement): void {
  const doomed = new Set<LightElement>();
  const hasWords = (data: string) => data.includes("©") || /copyright|rights reserved|\(c\)/i.test(data);
  forEachShortBlock(root, hasWords, MAX_NOTICE_CHARS, (block, text) => {
    if (NOTICE_START.test(text) || NOTICE_END.test(text)) doomed.add(block);
  });
  removeNodes(doomed);
}
