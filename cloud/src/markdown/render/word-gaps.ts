/**
 * Words that only the page's stylesheet sets apart. A product card's brand and name, a badge beside
 * another, a menu entry's title and subtitle are often sibling `<span>`s with nothing between them, laid
 * out as blocks or flex items by CSS the converter never reads: joined as written they make one word
 * ("MerrellMoab 3 Mid", "In StockAdd to cart"), which no reader and no search finds. Where an element's
 * text meets its neighbour's with a lower-case letter or a digit on the left and a capital on the right,
 * or with two capitals on the left and a capitalised word on the right (a brand in capitals before a
 * product's name, "HOKABondi 8"; tags side by side, "FPSShooter"), no word goes on across the boundary
 * in any language that writes capitals, so a space goes between them. A word split by markup and going
 * on in lower case ("<b>W</b>ord", "<a>Co</a><a>ntact</a>"), a lone lower-case letter before a capital
 * (a brand's "i" of "iPhone", "e" of "eBay"), a formula's subscript before its next element ("H<sub>2</sub>O")
 * and everything inside code stay as written.
 */
import { LightText, type LightElement, type LightNode } from "../dom/light-dom.js";
import { BLOCK_TAGS, SKIP_TAGS } from "./block-tags.js";
import { CODE_TAGS } from "./inline-marks.js";

/**
 * The first and last two characters of an element's text (enough to tell a capitalised word from
 * capitals), whether it is one letter, and whether it is a subscript; null when it has no text.
 */
type Edges = { first: string; last: string; lone: boolean; subscript: boolean } | null;

/** Elements whose neighbours never need a space from this pass: the layout or the renderer parts them. */
const APART = new Set(["br", "wbr", "img", "hr", "pre"]);

const LEFT_OF_GAP = /[\p{Ll}\p{Nd}]$/u;
const RIGHT_OF_GAP = /^\p{Lu}/u;
const CAPITALS_END = /\p{Lu}\p{Lu}$/u;
const WORD_START = /^\p{Lu}\p{Ll}/u;
/** The one letter that may start a brand's name before its capital: "i" of "iPhone", "e" of "eBay". */
const LONE_LETTER = /\p{Ll}/u;
const NOTE_MARKS = new Set(["sup", "sub"]);

/** Puts a space between the sibling elements (and texts) below `root` whose words would run together. */
export function separateGluedWords(root: LightElement): void {
  // Post-order without recursion (pages nest tens of thousands deep): an element's edges are known when
  // its last child is done, and go to its parent's line at once.
  const stack = [new Line(root)];
  while (stack.length) {
    const line = stack[stack.length - 1]!;
    const child = line.el.children[line.index];
    if (!child) {
      stack.pop();
      const edges = line.finish();
      // A block's words are parted from its neighbours' by the layout: only its own lines are read.
      stack[stack.length - 1]?.meet(line.el, BLOCK_TAGS.has(line.el.tag) ? "apart" : edges);
      continue;
    }
    if (child.type === "text") line.meet(child, child.data ? textEdges(child.data) : null);
    else if (APART.has(child.tag) || CODE_TAGS.has(child.tag)) line.meet(child, "apart");
    else if (SKIP_TAGS.has(child.tag)) line.meet(child, null);
    else stack.push(new Line(child));
  }
}

/** The first and last two characters of a text, and whether it is one letter. */
function textEdges(data: string): Edges {
  return {
    first: data.slice(0, 2),
    last: data.slice(-2),
    lone: data.length === 1 && LONE_LETTER.test(data),
    subscript: false,
  };
}

/** One element's children as the walk meets them: where spaces go between them, and its own edges. */
class Line {
  index = 0;
  private first: string | undefined;
  private last: string | undefined;
  /** How many children hold text, and whether the one that does is one letter. */
  private parts = 0;
  private lone = false;
  private before: Edges = null;
  private beforeElement = false;
  private readonly gaps: number[] = [];

  constructor(readonly el: LightElement) {}

  /** The child at `index` is read: null when it has no text, "apart" when the layout parts it. */
  meet(child: LightNode, edges: Edges | "apart"): void {
    const index = this.index++;
    if (edges === "apart") {
      this.before = null;
      return;
    }
    if (!edges) return;
    const before = this.before;
    if (
      before &&
      !before.lone &&
      !before.subscript &&
      (this.beforeElement || child.type === "element") &&
      ((LEFT_OF_GAP.test(before.last) && RIGHT_OF_GAP.test(edges.first)) ||
        (CAPITALS_END.test(before.last) && WORD_START.test(edges.first)))
    )
      this.gaps.push(index);
    this.first ??= edges.first;
    this.last = edges.last;
    this.parts++;
    this.lone = edges.lone;
    this.before = edges;
    this.beforeElement = child.type === "element";
  }

  /** Puts the spaces in; answers the element's edges. */
  finish(): Edges {
    const { el, gaps } = this;
    if (gaps.length) {
      // One new list, not a splice per gap: a row of 100,000 spans would move its tail each time.
      const spaced: LightNode[] = [];
      let next = 0;
      el.children.forEach((child, index) => {
        if (gaps[next] === index) {
          spaced.push(space(el));
          next++;
        }
        spaced.push(child);
      });
      el.children = spaced;
      el.touch();
    }
    if (this.first === undefined || this.last === undefined) return null;
    // A footnote's mark ("<sup>a</sup>Adjusted for age") is no brand's first letter.
    const lone = this.parts === 1 && this.lone && !NOTE_MARKS.has(el.tag);
    // A formula's count runs on into the symbol after it (H₂O, C₆H₁₂O₆); a superscript before a
    // capital is a footnote's mark, set apart.
    return { first: this.first, last: this.last, lone, subscript: el.tag === "sub" };
  }
}

function space(parent: LightElement): LightText {
  const text = new LightText(" ");
  text.parent = parent;
  return text;
}
