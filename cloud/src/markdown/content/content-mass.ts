/**
 * How much of each subtree is likely main content. The page is cut into blocks — the inline text
 * directly inside one block element, as a reader sees a paragraph, a list item or a table cell — and
 * each block gets a likelihood of being content from what it looks like (length, share of link text,
 * sentence punctuation; in the spirit of jusText's paragraph classes, without its word lists, so it
 * works in any language). A subtree's `good` is the sum of its blocks' characters weighted by that
 * likelihood, its `bad` the rest.
 */
import { forEachDescendant, type LightElement, type LightNode, type LightText } from "../dom/light-dom.js";

export interface Mass {
  /** Characters likely to be content. */
  good: number;
  /** Characters likely to be furniture. */
  bad: number;
}

/** The inline text directly inside one block element. */
export interface Block {
  el: LightElement;
  /** Non-space characters. */
  chars: number;
  /** Non-space characters inside links. */
  linkChars: number;
  /** Sentence punctuation seen (. ! ? , ; : and their CJK forms). */
  punctuation: number;
  words: number;
  /** The nearest enclosing item of a repeated group (see repeated-items.ts), if any. */
  item: LightElement | null;
}

/** The page cut into blocks, with its block elements in post-order (children before parents). */
export interface BlockMap {
  root: LightElement;
  blocks: Block[];
  elements: LightElement[];
  /** Where each block's element is in `elements`, block by block. */
  blockElements: Int32Array;
  /** Where each element's parent is in `elements`, element by element (-1 for the root). */
  parents: Int32Array;
  /** Where each element is in `elements`. */
  indexOf: ReadonlyMap<LightElement, number>;
}

/**
 * Elements whose parts repeat by nature — code's lines, a table's cells ("Yes", "Rest"), a formula's
 * symbols (MathML's `<mi>x</mi>`): the passes that remove repeated text and labels leave them whole.
 */
export const SELF_REPEATING = new Set(["pre", "table", "math"]);

/** Tags whose text runs on inside the surrounding block. */
export const INLINE_TAGS = new Set([
  "a", "abbr", "b", "bdi", "bdo", "big", "br", "cite", "code", "data", "del", "dfn", "em", "font", "i", "img", "ins",
  "kbd", "label", "mark", "nobr", "picture", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time",
  "tt", "u", "var", "wbr",
]); // prettier-ignore

/**
 * A block element that is one paragraph as a reader sees it: its children are text, inline elements,
 * and elements without text (the microdata `<meta>` tags beside a post's "1 Like", an icon), which add
 * nothing a reader sees.
 */
export function isLeafBlock(el: LightElement): boolean {
  return el.children.every(
    (child) => child.type === "text" || INLINE_TAGS.has(child.tag) || child.stats.nonSpace === 0,
  );
}

const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** Cuts `root` into blocks; `items` are the items of repeated groups, for `Block.item`. */
export function collectBlocks(root: LightElement, items: ReadonlySet<LightElement> = new Set()): BlockMap {
  const blocks: Block[] = [];
  const elements: LightElement[] = [];
  const blockElements: number[] = [];
  const indexOf = new Map<LightElement, number>();
  const stack: { el: LightElement; i: number; block: Block }[] = [
    { el: root, i: 0, block: emptyBlock(root, items.has(root) ? root : null) },
  ];
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    const child = frame.el.children[frame.i++];
    if (child) {
      if (child.type === "text") addText(frame.block, child.data, false);
      else if (INLINE_TAGS.has(child.tag)) addInline(frame.block, child);
      else
        stack.push({
          el: child,
          i: 0,
          block: emptyBlock(child, items.has(child) ? child : frame.block.item),
        });
      continue;
    }
    stack.pop();
    if (frame.block.chars) {
      blocks.push(frame.block);
      blockElements.push(elements.length);
    }
    indexOf.set(frame.el, elements.length);
    elements.push(frame.el);
  }
  const parents = new Int32Array(elements.length);
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i]!;
    parents[i] = el === root || !el.parent ? -1 : indexOf.get(el.parent)!;
  }
  return { root, blocks, elements, blockElements: Int32Array.from(blockElements), parents, indexOf };
}

/**
 * The masses of every block element of a `BlockMap` under one likelihood model, kept in arrays by the
 * elements' post-order places (a Map of objects per model cost a page of 100,000 table cells 0.2 s).
 */
export class Masses {
  constructor(
    readonly map: BlockMap,
    /** `good` of each element of `map.elements`, by its place there. */
    readonly good: Float64Array,
    /** `bad` of each element of `map.elements`, by its place there. */
    readonly bad: Float64Array,
  ) {}

  /** The element's masses; undefined for an element that is no block element of the map. */
  get(el: LightElement): Mass | undefined {
    const i = this.map.indexOf.get(el);
    return i === undefined ? undefined : { good: this.good[i]!, bad: this.bad[i]! };
  }
}

/** The masses of every block element under a likelihood model (0 to 1 per block). */
export function massesOf(map: BlockMap, likelihood: (block: Block) => number): Masses {
  const good = new Float64Array(map.elements.length);
  const bad = new Float64Array(map.elements.length);
  for (let b = 0; b < map.blocks.length; b++) {
    const block = map.blocks[b]!;
    const p = likelihood(block);
    const i = map.blockElements[b]!;
    good[i]! += p * block.chars;
    bad[i]! += (1 - p) * block.chars;
  }
  // Post-order: every element is complete before it is added to its parent.
  for (let i = 0; i < map.elements.length; i++) {
    const parent = map.parents[i]!;
    if (parent < 0) continue;
    good[parent]! += good[i]!;
    bad[parent]! += bad[i]!;
  }
  return new Masses(map, good, bad);
}

function emptyBlock(el: LightElement, item: LightElement | null): Block {
  return { el, chars: 0, linkChars: 0, punctuation: 0, words: 0, item };
}

function addInline(block: Block, el: LightElement): void {
  const inLink = el.tag === "a" && el.attrs.has("href");
  if (el.children.length === 1 && el.children[0]!.type === "text") {
    addText(block, el.children[0]!.data, inLink);
    return;
  }
  // Whether each node is inside a link is carried down the walk: asked of each text's ancestors, it
  // cost a climb per text (quadratic in spans nested thousands deep).
  const stack: { node: LightNode; inLink: boolean }[] = [];
  for (let i = el.children.length - 1; i >= 0; i--) stack.push({ node: el.children[i]!, inLink });
  while (stack.length) {
    const { node, inLink: linked } = stack.pop()!;
    if (node.type === "text") {
      addText(block, node.data, linked);
      continue;
    }
    const childrenLinked = linked || (node.tag === "a" && node.attrs.has("href"));
    for (let i = node.children.length - 1; i >= 0; i--)
      stack.push({ node: node.children[i]!, inLink: childrenLinked });
  }
}

function addText(block: Block, data: string, inLink: boolean): void {
  let chars = 0;
  let punctuation = 0;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    if (code <= 0x20 || code === 0xa0) {
      inWord = false;
      continue;
    }
    chars++;
    if (!inWord) words++;
    inWord = true;
    if (code === 0x2e || code === 0x2c || code === 0x21 || code === 0x3f || code === 0x3b || code === 0x3a)
      punctuation++;
    else if (code === 0x3002 || code === 0xff0c || code === 0x3001 || code === 0xff01 || code === 0xff1f)
      punctuation++;
  }
  block.chars += chars;
  block.punctuation += punctuation;
  block.words += words;
  if (inLink) block.linkChars += chars;
}

/** How likely a block is content, from its own look. */
export function blockLikelihood(block: Block): number {
  const { chars, linkChars, punctuation, words } = block;
  const linkShare = linkChars / chars;
  let p: number;
  if (HEADING_TAGS.has(block.el.tag)) p = 0.7;
  else if (chars >= 200) p = 0.95;
  else if (chars >= 80) p = 0.8;
  else if (chars >= 30) p = 0.6;
  else p = 0.45;
  // Text written in sentences reads as content; a label or a menu item does not.
  if (punctuation >= 2 && words >= 8) p = Math.min(1, p + 0.15);
  // Links: a block made of links is navigation unless it is long prose that happens to link.
  p *= Math.max(0, 1 - linkShare * 1.4);
  return p;
}

/** Whether a block is prose: a paragraph of sentences, little of it linked. */
export function isProse(block: Block): boolean {
  return (
    block.chars >= 80 &&
    block.punctuation >= 1 &&
    block.linkChars / block.chars < 0.3 &&
    !HEADING_TAGS.has(block.el.tag)
  );
}

/** Whether an element holds a paragraph of prose (80 characters or more, with a sentence's stop). */
export function holdsProse(el: LightElement): boolean {
  let found = false;
  forEachDescendant(el, (node) => {
    if (found) return false;
    if (node.type === "text") {
      if (isProseText(node)) found = true;
      return false;
    }
    return true;
  });
  return found;
}

/** Whether one text is a paragraph's: 80 characters or more, with a sentence's stop. */
export function isProseText(text: LightText): boolean {
  // Most texts between tags are short: their length answers before their letters are counted.
  return text.data.length >= 80 && text.stats.nonSpace >= 80 && /[.!?。]/.test(text.data);
}
