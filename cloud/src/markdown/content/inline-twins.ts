/**
 * Text said twice side by side inside one line: the visible words and, in an element right beside
 * them, the same words again for screen readers, hidden by a class of the site's own (`Seller's other
 * items<span class="clipped">Seller's other items</span>`, a date and its clipped copy). A sighted
 * reader sees the words once, and so does the markdown: the element copy goes. Told by the texts
 * alone, never by a class name (every design system names its own), and only between neighbours in a
 * line of inline content: copies in blocks side by side are the text itself (see repeated-text.ts).
 */
import { forEachDescendant, removeNodes, type LightElement, type LightNode } from "../dom/light-dom.js";
import { CODE_TAGS } from "../render/inline-marks.js";
import { INLINE_TAGS } from "./content-mass.js";

/** Where text is exact, repeats included: the renderer's code elements, preformatted text. */
const EXACT = new Set([...CODE_TAGS, "pre", "textarea"]);

/** Copies that mean something else: a price struck out beside the same price, an index beside a word. */
const MARKED = new Set(["del", "s", "strike", "ins", "sub", "sup"]);

/** Shorter texts repeat on purpose ("Bye bye", "2 × 2"). */
const MIN_TWIN_CHARS = 3;

/** Removes below `root` every inline element whose whole text repeats the neighbour right before it. */
export function removeInlineTwins(root: LightElement): void {
  const doomed: LightElement[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "text" || EXACT.has(node.tag)) return false;
    let before: LightNode | undefined;
    for (const child of node.children) {
      const chars = child.stats.nonSpace;
      if (!chars) continue;
      // A block between them sets two copies apart: each is the author's.
      if (child.type === "element" && (!INLINE_TAGS.has(child.tag) || MARKED.has(child.tag))) {
        before = undefined;
        continue;
      }
      // Lengths first: the texts are built only for neighbours of equal length.
      if (
        child.type === "element" &&
        before &&
        chars >= MIN_TWIN_CHARS &&
        before.stats.nonSpace === chars &&
        words(child) === words(before) &&
        !isMarked(child) &&
        !isMarked(before)
      ) {
        doomed.push(child);
        continue;
      }
      before = child;
    }
    return true;
  });
  removeNodes(doomed);
}

/**
 * Whether a copy is marked otherwise than its neighbour: struck out (a former price beside the price),
 * or code (a key pressed twice, a feature's name beside the module of that name).
 */
function isMarked(node: LightNode): boolean {
  if (node.type === "text") return false;
  let marked = false;
  forEachDescendant(node, (inner) => {
    if (marked || inner.type === "text") return false;
    if (MARKED.has(inner.tag) || EXACT.has(inner.tag)) marked = true;
    return !marked;
  });
  return marked || MARKED.has(node.tag) || EXACT.has(node.tag);
}

function words(node: LightNode): string {
  return (node.type === "text" ? node.data : node.textContent).replace(/\s+/g, " ").trim();
}
