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
  // The block around each element, and the blocks already read: kept, so texts with the sign nested
  // thousands of inline wrappers deep cost one climb and one read, not one per text.
  const blocks = new Map<LightElement, LightElement | null>();
  const read = new Set<LightElement>();
  // Text nodes first: only the few with the sign or the words cost a look at the block around them.
  forEachDescendant(root, (node) => {
    if (node.type !== "text") return true;
    const data = node.data;
    if (!data.includes("©") && !/copyright|rights reserved|\(c\)/i.test(data)) return false;
    const block = node.parent && blockAround(node.parent, root, blocks);
    if (!block || block === root || read.has(block)) return false;
    read.add(block);
    if (block.stats.nonSpace > MAX_NOTICE_CHARS) return false;
    const text = block.textContent.replace(/\s+/g, " ").trim();
    if (NOTICE_START.test(text) || NOTICE_END.test(text)) doomed.add(block);
    return false;
  });
  removeNodes(doomed);
}

/** The element itself or its nearest ancestor that is not inline, stopping at `root`; null above it. */
function blockAround(
  el: LightElement,
  root: LightElement,
  blocks: Map<LightElement, LightElement | null>,
): LightElement | null {
  const path: LightElement[] = [];
  let block: LightElement | null = el;
  while (block && block !== root && INLINE_TAGS.has(block.tag)) {
    const known = blocks.get(block);
    if (known !== undefined) {
      block = known;
      break;
    }
    path.push(block);
    block = block.parent;
  }
  for (const node of path) blocks.set(node, block);
  return block;
}
