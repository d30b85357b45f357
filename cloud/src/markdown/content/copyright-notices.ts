/**
 * A site's copyright line ("© 2025 Example Inc. All rights reserved.", "Copyright 1995 - 2025 …") is the
 * footer's, wherever the markup puts it: often inside the same wrapper as the page's content, with no
 * footer tag or class to tell it. The line is told by how it starts (the © sign, "Copyright" with a sign
 * or a year) or ends ("All rights reserved."), in a block of a line's length; a paragraph that discusses
 * copyright, or a caption crediting a photo ("Harbour at dawn | © 2019 A. Painter"), is not one.
 */
import { forEachDescendant, removeNodes, type LightElement } from "../dom/light-dom.js";
import { INLINE_TAGS } from "./content-mass.js";

const NOTICE_START = /^(?:©|copyright\s*(?:©|\(c\)|\d{4})|\(c\)\s*\d{4})/i;
const NOTICE_END = /all rights reserved\.?$/i;

/** The most text a copyright line's block may have: longer, it is a paragraph about something else. */
const MAX_NOTICE_CHARS = 250;

export function removeCopyrightNotices(root: LightElement): void {
  const doomed = new Set<LightElement>();
  // Text nodes first: only the few with the sign or the words cost a look at the block around them.
  forEachDescendant(root, (node) => {
    if (node.type !== "text") return true;
    const data = node.data;
    if (!data.includes("©") && !/copyright|rights reserved|\(c\)/i.test(data)) return false;
    let block = node.parent;
    while (block && block !== root && INLINE_TAGS.has(block.tag)) block = block.parent;
    if (!block || block === root || block.stats.nonSpace > MAX_NOTICE_CHARS) return false;
    const text = block.textContent.replace(/\s+/g, " ").trim();
    if (NOTICE_START.test(text) || NOTICE_END.test(text)) doomed.add(block);
    return false;
  });
  removeNodes(doomed);
}
