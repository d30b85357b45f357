/**
 * Where the page's main thing sits in the page, from what its structured data states: a microdata
 * scope is the element itself; a JSON-LD thing is found by its own text (a product's description, an
 * article's body, a question's text) in the page. The region chosen by the block likelihoods is then
 * checked against it: content the page declares as its subject is never left outside.
 */
import type { LightElement } from "../dom/light-dom.js";
import { mainThing } from "./main-thing.js";
import type { Thing } from "./structured-data.js";

/** Characters of a stated text looked for in the page: enough to be unique, short enough to match. */
const SNIPPET = 60;
/** A scope this share of the page or more (itemscope on `<body>`) locates nothing. */
const MAX_SCOPE_SHARE = 0.9;

/** The element holding the page's main thing, or undefined when the page does not say or it is not found. */
export function structuredAnchor(things: readonly Thing[], body: LightElement): LightElement | undefined {
  const thing = mainThing(things);
  if (!thing) return undefined;
  const total = body.stats.nonSpace;
  if (thing.element) {
    const scope = thing.element;
    return isInside(scope, body) && scope.stats.nonSpace < total * MAX_SCOPE_SHARE ? scope : undefined;
  }
  const question = asObject(thing.props["mainEntity"]);
  let text: PageText | undefined;
  for (const value of [
    thing.props["description"],
    thing.props["articleBody"],
    thing.props["text"],
    question?.["text"],
  ]) {
    const snippet = typeof value === "string" ? normalize(value).slice(0, SNIPPET) : "";
    if (snippet.length < SNIPPET) continue;
    text ??= pageText(body);
    const found = deepestHolding(text, body, snippet);
    if (found && found !== body) return found;
  }
  return undefined;
}

/**
 * The deepest element under `root` whose text contains `snippet`: one path down, at each level the
 * first child whose text holds it, as `normalize(innerText(child)).includes(snippet)` would say. The
 * text is read once for the whole page, with where each element's part of it starts and ends, so the
 * way down costs no reading (wrappers nested thousands deep included).
 */
function deepestHolding(text: PageText, root: LightElement, snippet: string): LightElement | undefined {
  const at = occurrences(text.text, snippet);
  if (!at.length) return undefined;
  let current = root;
  for (;;) {
    const next = current.elementChildren.find((child) => {
      const chars = child.stats.nonSpace;
      if (chars < snippet.length / 2) return false;
      if (chars === current.stats.nonSpace) return true;
      const range = text.ranges.get(child);
      if (!range) return false;
      // The first occurrence starting inside the child's text; a later one would end later still.
      const first = at[firstAtOrAfter(at, range.start)];
      return first !== undefined && first + snippet.length <= range.end;
    });
    if (!next) return current;
    current = next;
  }
}

/**
 * A subtree's text as `normalize(innerText(root))` gives it (whitespace runs as one space, trimmed,
 * lower case) and, for each element with visible text, where its own normalized text lies in it (its
 * start may be the space before it: a snippet, trimmed, never starts there).
 */
interface PageText {
  text: string;
  ranges: Map<LightElement, { start: number; end: number }>;
}

function pageText(root: LightElement): PageText {
  const parts: string[] = [];
  let length = 0;
  let endsInSpace = true; // nothing yet: a leading space is trimmed
  let lastVisibleEnd = 0;
  const collapsed = new Map<LightElement, { start: number; end: number }>();
  // Iterative, so a page nested 100,000 deep cannot overflow the stack: the elements open on the way
  // down, with the next child to read in each and where its text started.
  const elements: LightElement[] = [root];
  const nextChild: number[] = [0];
  const starts: number[] = [0];
  while (elements.length) {
    const top = elements.length - 1;
    const el = elements[top]!;
    const node = el.children[nextChild[top]!++];
    if (!node) {
      const start = starts[top]!;
      if (lastVisibleEnd > start) collapsed.set(el, { start, end: lastVisibleEnd });
      elements.pop();
      nextChild.pop();
      starts.pop();
    } else if (node.type === "element") {
      elements.push(node);
      nextChild.push(0);
      starts.push(length);
    } else {
      let chunk = node.data.replace(/\s+/g, " ");
      if (endsInSpace && chunk.startsWith(" ")) chunk = chunk.slice(1);
      if (!chunk) continue;
      parts.push(chunk);
      length += chunk.length;
      endsInSpace = chunk.endsWith(" ");
      lastVisibleEnd = endsInSpace ? length - 1 : length;
    }
  }
  const joined = parts.join("").slice(0, lastVisibleEnd);
  const text = joined.toLowerCase();
  if (text.length === joined.length) return { text, ranges: collapsed };
  // Lower case changes a string's length only at U+0130 ("İ" becomes "i̇"): each one moves what follows.
  const shift = new Int32Array(joined.length + 1);
  for (let i = 0; i < joined.length; i++) shift[i + 1] = shift[i]! + (joined.charCodeAt(i) === 0x130 ? 1 : 0);
  const ranges = new Map<LightElement, { start: number; end: number }>();
  for (const [el, { start, end }] of collapsed)
    ranges.set(el, { start: start + shift[start]!, end: end + shift[end]! });
  return { text, ranges };
}

/** Where `snippet` starts in `text`, each place, in order. */
function occurrences(text: string, snippet: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(snippet); i >= 0; i = text.indexOf(snippet, i + 1)) at.push(i);
  return at;
}

/** The index of the first of the ascending `values` at or after `start` (`values.length` if none). */
function firstAtOrAfter(values: readonly number[], start: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < start) low = middle + 1;
    else high = middle;
  }
  return low;
}

function normalize(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

function isInside(el: LightElement, ancestor: LightElement): boolean {
  for (let current: LightElement | null = el; current; current = current.parent)
    if (current === ancestor) return true;
  return false;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === "object" ? (first as Record<string, unknown>) : undefined;
}
