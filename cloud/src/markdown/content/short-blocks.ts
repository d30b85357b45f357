/**
 * The short blocks of a region that hold some words: what the passes that remove a site's standing
 * lines (a copyright line, an affiliate disclosure) read. Text nodes are read first, so only the few
 * with the words cost a look at the block around them; each block is read once.
 */
import { forEachDescendant, type LightElement } from "../dom/light-dom.js";
import { INLINE_TAGS } from "./content-mass.js";

/**
 * Each block (the nearest element that is not inline, below `root`) holding a text node that `hasWords`
 * accepts and no more than `maxChars` of text, once, with its text's whitespace collapsed.
 */
export function forEachShortBlock(
  root: LightElement,
  hasWords: (data: string) => boolean,
  maxChars: number,
  visit: (block: LightElement, text: string) => void,
): void {
  // The block around each element, and the blocks already read: kept, so texts with the words nested
  // thousands of inline wrappers deep cost one climb and one read, not one per text.
  const blocks = new Map<LightElement, LightElement | null>();
  const read = new Set<LightElement>();
  forEachDescendant(root, (node) => {
    if (node.type !== "text") return true;
    if (!hasWords(node.data)) return false;
    const block = node.parent && blockAround(node.parent, root, blocks);
    if (!block || block === root || read.has(block)) return false;
    read.add(block);
    if (block.stats.nonSpace > maxChars) return false;
    visit(block, block.textContent.replace(/\s+/g, " ").trim());
    return false;
  });
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
