/**
 * Text the page shows more than once: the same description in a mobile and a desktop layout, a gallery
 * caption under the image, in the lightbox and in the thumbnail strip. A reader sees it once, so the
 * markdown keeps the first copy. Copies side by side under one parent are the text itself (a song's
 * chorus, a repeated line of a poem) and stay. A quotation stays unless it repeats what the page has
 * already shown (a reply quoting a post above it in the thread): then the reader has read it.
 *
 * A block of several parts is compared whole as well: a sticky bar that shows the product's name,
 * price and price list again, a second layout of a list whose lines are each too short to compare
 * alone (even beside the first, in a sibling built otherwise: `prices-mobile`, `prices-desktop`). Two
 * blocks in branches built alike (two cards of one grid, two plans, two sections of an API reference)
 * share text by design, and both stay.
 *
 * So do lines that cards of one grid share (each coupon's "Must be presented before start of work",
 * each arm's "Supports up to six monitors"), when the grid is known: they are each card's own facts. Two
 * cards with the same whole text are a copy (a looping carousel's clones, a layout drawn twice).
 */
import { descendantFinder, forEachDescendant, removeNodes, type LightElement } from "../dom/light-dom.js";
import { INLINE_TAGS, isLeafBlock, SELF_REPEATING } from "./content-mass.js";
import { itemSignature } from "./repeated-items.js";

/** Shorter texts repeat legitimately ("Reply", "Yes", a price in a table). */
const MIN_REPEATED_CHARS = 30;

/**
 * The texts of blocks of several parts built to compare them, at most this many times the region's
 * text: nested blocks of equal lengths are rare on real pages, and a page built to have thousands of
 * them costs no more than a few walks.
 */
const KEY_BUDGET = 4;

/**
 * Removes every leaf block below `root` whose text an earlier leaf block already had, and every block
 * of several parts that copies an earlier one whole. `grids`, when given, holds each item of the page's
 * grids with its grid's number: a line repeated in another card of the same grid stays.
 */
export function removeRepeatedText(root: LightElement, grids?: ReadonlyMap<LightElement, number>): void {
  /** Each leaf text seen, with its first block. */
  const seen = new Map<string, LightElement>();
  const sameGrid = grids && gridCards(grids);
  const repeats: LightElement[] = [];
  const wholes = new WholeBlocks(root.stats.nonSpace * KEY_BUDGET);
  const holdsParagraphs = paragraphFinder();
  forEachDescendant(root, (node) => {
    if (node.type === "text") return false;
    // An inline wrapper around paragraphs (`<span><p>…</p><p>…</p></span>`) is read through; a link
    // around blocks is a card, whose name and price other cards may share (measured: collections lost).
    if (INLINE_TAGS.has(node.tag)) return node.tag !== "a" && holdsParagraphs(node);
    if (node.tag === "blockquote") {
      if (quotesSeenText(node, seen, holdsParagraphs)) repeats.push(node);
      return false;
    }
    if (SELF_REPEATING.has(node.tag)) return false;
    if (node.stats.nonSpace < MIN_REPEATED_CHARS) return true;
    if (!isLeafBlock(node) || wrapsParagraphs(node, holdsParagraphs)) {
      if (!wholes.isCopy(node)) return true;
      repeats.push(node);
      return false;
    }
    const key = textKey(node);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, node);
    else if (first.parent !== node.parent && !sameGrid?.(first, node)) repeats.push(node);
    return false;
  });
  removeNodes(repeats);
}

/** Whether most of a quotation's text repeats blocks already seen (a reply quoting an earlier post). */
function quotesSeenText(
  quote: LightElement,
  seen: ReadonlyMap<string, LightElement>,
  holdsParagraphs: (el: LightElement) => boolean,
): boolean {
  let repeated = 0;
  let total = 0;
  forEachDescendant(quote, (node) => {
    if (node.type === "text") return false;
    // Paragraphs in an inline wrapper are read as above.
    if (INLINE_TAGS.has(node.tag)) return node.tag !== "a" && holdsParagraphs(node);
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
 * The blocks of several parts seen so far, by length, then by text: a block's text is built only when
 * another block of the same length came before it, so a page without copies costs little more than a
 * walk, and each block's text is built once.
 */
class WholeBlocks {
  private readonly byLength = new Map<number, LightElement | Map<string, LightElement>>();

  /** `budget`: how many characters of text may be built in all (see KEY_BUDGET). */
  constructor(private budget: number) {}

  /** Whether `el` copies a block seen before it elsewhere (it is recorded when it is the first). */
  isCopy(el: LightElement): boolean {
    const length = el.stats.nonSpace;
    // A wrapper's only child with text was judged with the wrapper.
    if (el.parent?.stats.nonSpace === length) return false;
    const earlier = this.byLength.get(length);
    if (earlier === undefined || this.budget < 0) {
      this.byLength.set(length, el);
      return false;
    }
    let byText = earlier;
    if (!(byText instanceof Map)) {
      byText = new Map([[this.key(earlier as LightElement), earlier as LightElement]]);
      this.byLength.set(length, byText);
    }
    const key = this.key(el);
    const first = byText.get(key);
    if (!first) {
      byText.set(key, el);
      return false;
    }
    // The same text in two branches built alike (two cards of one grid) is the page's own repetition,
    // not a second copy; in two branches built apart (a mobile and a desktop layout) it is a copy.
    return !branchesAlike(first, el);
  }

  private key(el: LightElement): string {
    this.budget -= el.stats.nonSpace;
    return textKey(el);
  }
}

/**
 * Whether the two branches that lead from the nearest common ancestor of `a` and `b` to each of them
 * are built alike (same tag and class words): cards of one grid, plans, sections of one reference.
 */
function branchesAlike(a: LightElement, b: LightElement): boolean {
  const ancestorsOfA = new Map<LightElement, LightElement>();
  for (let branch = a, current = a.parent; current; branch = current, current = current.parent)
    ancestorsOfA.set(current, branch);
  for (let branch = b, current = b.parent; current; branch = current, current = current.parent) {
    const branchA = ancestorsOfA.get(current);
    if (branchA) return itemSignature(branchA) === itemSignature(branch);
  }
  return false;
}

/**
 * Tells whether two blocks lie in different cards of one grid whose whole texts differ. Each element's
 * card and each card's text are found once (a page of many repeated lines costs a walk, not one climb
 * up the tree per line).
 */
function gridCards(grids: ReadonlyMap<LightElement, number>): (a: LightElement, b: LightElement) => boolean {
  const cardOf = new Map<LightElement, LightElement | null>();
  const card = (el: LightElement): LightElement | null => {
    const path: LightElement[] = [];
    let found: LightElement | null = null;
    for (let node: LightElement | null = el; node; node = node.parent) {
      const known = cardOf.get(node);
      if (known !== undefined) {
        found = known;
        break;
      }
      path.push(node);
      if (grids.has(node)) {
        found = node;
        break;
      }
    }
    for (const node of path) cardOf.set(node, found);
    return found;
  };
  const texts = new Map<LightElement, string>();
  const text = (el: LightElement) => texts.get(el) ?? texts.set(el, textKey(el)).get(el)!;
  return (a, b) => {
    const cardA = card(a);
    const cardB = card(b);
    if (!cardA || !cardB || cardA === cardB || grids.get(cardA) !== grids.get(cardB)) return false;
    return cardA.stats.nonSpace !== cardB.stats.nonSpace || text(cardA) !== text(cardB);
  };
}

/** Whether a block's paragraphs sit in an inline wrapper other than a link (see paragraphFinder). */
function wrapsParagraphs(el: LightElement, holdsParagraphs: (el: LightElement) => boolean): boolean {
  return el.elementChildren.some(
    (child) => child.tag !== "a" && INLINE_TAGS.has(child.tag) && holdsParagraphs(child),
  );
}

/**
 * Tells whether an element holds blocks with text below inline wrappers: a preview and its full text each as
 * `<span><p>…</p><p>…</p></span>` are compared paragraph by paragraph, not as one leaf each.
 */
function paragraphFinder(): (el: LightElement) => boolean {
  // Asked of each inline wrapper and again of the wrappers inside it: kept per element (spans nested a
  // thousand deep around a paragraph cost one read, not one per level).
  return descendantFinder((node) => !INLINE_TAGS.has(node.tag) && node.stats.nonSpace > 0);
}
