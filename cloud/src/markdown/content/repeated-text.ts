/**
 * Text the page shows more than once: the same description in a mobile and a desktop layout, a gallery
 * caption under the image, in the lightbox and in the thumbnail strip. A reader sees it once, so the
 * markdown keeps the first copy. Copies side by side under one parent are the text itself (a song's
 * chorus, a repeated line of a poem) and stay. A quotation stays unless it repeats what the page has
 * already shown (a reply quoting a post above it in the thread): then the reader has read it.
 *
 * A block of several parts is compared whole as well: a sticky bar that shows the product's name,
 * price and price list again, a second layout of a list whose lines are each too short to compare
 * alone. Two blocks in branches built alike (two cards of one grid, two plans, two sections of an API
 * reference) share text by design, and both stay.
 */
import { forEachDescendant, removeNode, type LightElement } from "../dom/light-dom.js";
import { INLINE_TAGS, isLeafBlock } from "./content-mass.js";
import { itemSignature } from "./repeated-items.js";

/** Shorter texts repeat legitimately ("Reply", "Yes", a price in a table). */
const MIN_REPEATED_CHARS = 30;

/** Removes every leaf block below `root` whose text an earlier leaf block already had, and every block of several parts that copies an earlier one whole. */
export function removeRepeatedText(root: LightElement): void {
  /** Each text seen, with the parent of its first copy. */
  const seen = new Map<string, LightElement | null>();
  const repeats: LightElement[] = [];
  const wholes = new WholeBlocks();
  forEachDescendant(root, (node) => {
    if (node.type === "text" || INLINE_TAGS.has(node.tag)) return false;
    if (node.tag === "blockquote") {
      if (quotesSeenText(node, seen)) repeats.push(node);
      return false;
    }
    if (node.tag === "pre" || node.tag === "table") return false;
    if (node.stats.nonSpace < MIN_REPEATED_CHARS) return true;
    if (!isLeafBlock(node)) {
      if (!wholes.isCopy(node)) return true;
      repeats.push(node);
      return false;
    }
    const key = textKey(node);
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
    if (chars >= MIN_REPEATED_CHARS && seen.has(textKey(node))) repeated += chars;
    return false;
  });
  return total > 0 && repeated >= total * 0.5;
}

function textKey(el: LightElement): string {
  return el.textContent.replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * The blocks of several parts seen so far, by length: a block's text is built only when another block
 * of the same length came before it, so a page without copies costs no more than a walk.
 */
class WholeBlocks {
  private readonly byLength = new Map<number, LightElement[]>();
  private readonly keys = new Map<LightElement, string>();

  /** Whether `el` copies a block seen before it elsewhere (it is recorded when it does not). */
  isCopy(el: LightElement): boolean {
    const length = el.stats.nonSpace;
    const earlier = this.byLength.get(length);
    if (!earlier) {
      this.byLength.set(length, [el]);
      return false;
    }
    const key = this.key(el);
    const first = earlier.find((other) => this.key(other) === key);
    if (!first) {
      earlier.push(el);
      return false;
    }
    // The same text in a wrapper and its only child, side by side under one parent, or in two branches
    // built alike is not a second copy of the page's.
    return first.parent !== el.parent && !contains(first, el) && !branchesAlike(first, el);
  }

  private key(el: LightElement): string {
    let key = this.keys.get(el);
    if (key === undefined) this.keys.set(el, (key = textKey(el)));
    return key;
  }
}

/**
 * Whether the two branches that lead from the nearest common ancestor of `a` and `b` to each of them
 * are built alike (same tag and class words): cards of one grid, plans, sections of one reference.
 */
function branchesAlike(a: LightElement, b: LightElement): boolean {
  const ancestorsOfA: LightElement[] = [];
  for (let current: LightElement | null = a; current; current = current.parent) ancestorsOfA.push(current);
  let branchB = b;
  for (let current = b.parent; current; branchB = current, current = current.parent) {
    const index = ancestorsOfA.indexOf(current);
    if (index > 0) return itemSignature(ancestorsOfA[index - 1]!) === itemSignature(branchB);
  }
  return false;
}

function contains(ancestor: LightElement, el: LightElement): boolean {
  for (let current: LightElement | null = el; current; current = current.parent)
    if (current === ancestor) return true;
  return false;
}
