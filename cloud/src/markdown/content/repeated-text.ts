/**
 * Text the page shows more than once: the same description in a mobile and a desktop layout, a gallery
 * caption under the image, in the lightbox and in the thumbnail strip. A reader sees it once, so the
 * markdown keeps the first copy. Copies side by side under one parent are the text itself (a song's
 * chorus, a repeated line of a poem) and stay. A quotation stays unless it repeats what the page has
 * already shown (a reply quoting a post above it in the thread): then the reader has read it.
 */
import { forEachDescendant, removeNode, type LightElement } from "../dom/light-dom.js";
import { INLINE_TAGS, isLeafBlock } from "./content-mass.js";

/** Shorter texts repeat legitimately ("Reply", "Yes", a price in a table). */
const MIN_REPEATED_CHARS = 30;

/** Removes every leaf block below `root` whose text an earlier leaf block already had. */
export function removeRepeatedText(root: LightElement): void {
  /** Each text seen, with the parent of its first copy. */
  const seen = new Map<string, LightElement | null>();
  const repeats: LightElement[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "text" || INLINE_TAGS.has(node.tag)) return false;
    if (node.tag === "blockquote") {
      if (quotesSeenText(node, seen)) repeats.push(node);
      return false;
    }
    if (node.tag === "pre" || node.tag === "table") return false;
    if (!isLeafBlock(node) || node.stats.nonSpace < MIN_REPEATED_CHARS) return true;
    const key = node.textContent.replace(/\s+/g, " ").trim().toLowerCase();
    const first = seen.get(key);
    if (first === undefined) seen.set(key, node.parent);
    else if (first !== node.parent) repeats.push(node);
    return false;
  });
  for (const el of repeats) removeNode(el);
}

/** Whether most of a quotation's text repeats blocks already seen (a reply quoting an earlier post). */
function quotesSeenText(quote: LightElement, seen: ReadonlyMap<string, LightElement | null>): boolean {
  let repeated = 0;
  let total = 0;
  forEachDescendant(quote, (node) => {
    if (node.type === "text" || INLINE_TAGS.has(node.tag)) return false;
    if (!isLeafBlock(node)) return true;
    const chars = node.stats.nonSpace;
    total += chars;
    if (chars >= MIN_REPEATED_CHARS && seen.has(node.textContent.replace(/\s+/g, " ").trim().toLowerCase()))
      repeated += chars;
    return false;
  });
  return total > 0 && repeated >= total * 0.5;
}
