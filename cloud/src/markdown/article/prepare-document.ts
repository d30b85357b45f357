/**
 * Readability's document preparation before it looks for the article: images out of `<noscript>`,
 * scripts gone, `<br><br>` runs turned into paragraphs, `<font>` into `<span>`.
 */
import {
  descendantsByTag,
  descendantsByTags,
  forEachDescendant,
  LightElement,
  type LightNode,
  removeNode,
  removeNodes,
  setTag,
} from "../dom/light-dom.js";
import { isPhrasingContent, isWhitespace } from "./node-measures.js";

const IMAGE_EXTENSION = /\.(jpg|jpeg|png|webp)/i;

export function prepareDocument(html: LightElement, body: LightElement): void {
  const byTag = descendantsByTags(html, ["img", "noscript", "script", "font"]);
  unwrapNoscriptImages(byTag.get("img")!, byTag.get("noscript")!);
  removeNodes([...byTag.get("script")!, ...byTag.get("noscript")!]);
  replaceBrs(breaksOutsideCode(body));
  for (const font of byTag.get("font")!) setTag(font, "span");
}

/**
 * The body's `<br>`s in document order, less those in `<pre>` — Loupe's deviation: line breaks in code
 * stay line breaks (Readability would make a `<p>` of them). Found in one walk, not by climbing from each
 * `<br>` (a page nested 40,000 deep with a `<br>` at each level climbed for seconds).
 */
function breaksOutsideCode(body: LightElement): LightElement[] {
  const found: LightElement[] = [];
  forEachDescendant(body, (node) => {
    if (node.type === "text" || node.tag === "pre") return false;
    if (node.tag === "br") found.push(node);
    return true;
  });
  return found;
}

/** Replaces lazy-loading placeholders with the real image a `<noscript>` beside them holds. */
function unwrapNoscriptImages(images: LightElement[], noscripts: LightElement[]): void {
  const placeholders: LightElement[] = [];
  for (const img of images) {
    let keep = false;
    for (const [name, value] of img.attrs) {
      if (
        name === "src" ||
        name === "srcset" ||
        name === "data-src" ||
        name === "data-srcset" ||
        IMAGE_EXTENSION.test(value)
      ) {
        keep = true;
        break;
      }
    }
    if (!keep) placeholders.push(img);
  }
  removeNodes(placeholders);
  const previousOf = previousElements();
  const isSingleImage = singleImageTest();
  for (const noscript of noscripts) {
    if (!isSingleImage(noscript)) continue;
    const previous = previousOf(noscript);
    if (!previous || !isSingleImage(previous)) continue;
    const newImg = descendantsByTag(noscript, "img")[0];
    const prevImg = previous.tag === "img" ? previous : descendantsByTag(previous, "img")[0];
    const replacement = noscript.elementChildren[0];
    if (!newImg || !prevImg || !replacement) continue;
    for (const [name, value] of prevImg.attrs) {
      if (value === "") continue;
      if (name === "src" || name === "srcset" || IMAGE_EXTENSION.test(value)) {
        if (newImg.attr(name) === value) continue;
        newImg.attrs.set(newImg.attrs.has(name) ? `data-old-${name}` : name, value);
      }
    }
    previousOf.replace(previous, replacement);
  }
}

/**
 * An element's previous element sibling, its siblings indexed once per parent (Readability searches
 * them for each `<noscript>`: a page of 40,000 lazy images took seconds), and a replacement that keeps
 * the index true.
 */
function previousElements(): {
  (el: LightElement): LightElement | null;
  replace(old: LightElement, replacement: LightElement): void;
} {
  const indexes = new Map<LightElement, Map<LightNode, number>>();
  const indexOf = (node: LightNode): number => {
    const parent = node.parent!;
    let index = indexes.get(parent);
    if (!index) indexes.set(parent, (index = new Map(parent.children.map((child, i) => [child, i]))));
    return index.get(node)!;
  };
  const previousOf = (el: LightElement): LightElement | null => {
    const siblings = el.parent?.children;
    if (!siblings) return null;
    for (let i = indexOf(el) - 1; i >= 0; i--) {
      const sibling = siblings[i]!;
      if (sibling.type === "element") return sibling;
    }
    return null;
  };
  previousOf.replace = (old: LightElement, replacement: LightElement) => {
    const parent = old.parent;
    if (!parent) return;
    const at = indexOf(old);
    removeNode(replacement);
    parent.children[at] = replacement;
    replacement.parent = parent;
    old.parent = null;
    indexes.get(parent)!.set(replacement, at);
    parent.touch();
  };
  return previousOf;
}

/**
 * Readability's `_isSingleImage` (an `<img>`, or an element holding nothing but one such element), its
 * answers kept: each `<noscript>` of a nested run walked down the whole run again, quadratic time on a
 * hostile page (50,000 nested `<noscript>`s took 48 s). A swap below puts a single image where one
 * was, so answers stay true, except for the `<noscript>` (and a chain holding it) whose image the swap
 * took: that holds no `<img>` any more, and the swap, finding none to copy from, passes it over just
 * as it would a false answer.
 */
function singleImageTest(): (start: LightElement) => boolean {
  const known = new Map<LightElement, boolean>();
  return (start) => {
    const path: LightElement[] = [];
    let answer = false;
    for (let node: LightElement | undefined = start; node;) {
      const cached = known.get(node);
      if (cached !== undefined) {
        answer = cached;
        break;
      }
      path.push(node);
      if (node.tag === "img") {
        answer = true;
        break;
      }
      const elements: LightElement[] = node.elementChildren;
      if (elements.length !== 1 || node.stats.nonSpace > 0) break;
      node = elements[0];
    }
    for (const node of path) known.set(node, answer);
    return answer;
  };
}

/**
 * Turns two or more successive `<br>`s into a paragraph break: the phrasing content after the run
 * moves into a new `<p>` (`_replaceBrs`). Each parent's children are read once, in one pass, where
 * Readability looks each `<br>`'s neighbours up among its siblings: a page of 100,000 `<br>`s side by
 * side took seconds. A parent's runs are all turned when its first `<br>` comes in document order; a
 * run only moves what follows it, so no other parent's turn sees a difference.
 */
function replaceBrs(brs: LightElement[]): void {
  const done = new Set<LightElement>();
  for (const br of brs) {
    const parent = br.parent;
    if (!parent || done.has(parent)) continue;
    done.add(parent);
    replaceBrsIn(parent);
  }
}

function replaceBrsIn(parent: LightElement): void {
  const kids = parent.children;
  const out: LightNode[] = [];
  const isBr = (node: LightNode | undefined) => node?.type === "element" && node.tag === "br";
  /** The first child from `i` on that is not whitespace text, or kids.length. */
  const meaningful = (i: number) => {
    while (i < kids.length && kids[i]!.type === "text" && kids[i]!.stats.nonSpace === 0) i++;
    return i;
  };
  let changed = false;
  let i = 0;
  while (i < kids.length) {
    const node = kids[i]!;
    if (!isBr(node)) {
      out.push(node);
      i++;
      continue;
    }
    // The run: the <br>s after this one with only whitespace between go; the whitespace stays.
    const removed = new Set<number>();
    for (let k = meaningful(i + 1); isBr(kids[k]); k = meaningful(k + 1)) removed.add(k);
    if (!removed.size) {
      out.push(node);
      i++;
      continue;
    }
    changed = true;
    const p = new LightElement("p");
    p.parent = parent;
    out.push(p);
    node.parent = null;
    let m = i + 1;
    for (; m < kids.length; m++) {
      if (removed.has(m)) {
        kids[m]!.parent = null;
        continue;
      }
      const next = kids[m]!;
      if (isBr(next) && isBr(kids[meaningful(m + 1)])) break;
      if (!isPhrasingContent(next)) break;
      p.children.push(next);
      next.parent = p;
    }
    while (p.children.length && isWhitespace(p.children[p.children.length - 1]!))
      p.children.pop()!.parent = null;
    if (parent.tag === "p") setTag(parent, "div");
    i = m;
  }
  if (!changed) return;
  // In place (a caller may hold the array), and not by spreading: a spread of 100,000 is too many arguments.
  kids.length = out.length;
  for (let k = 0; k < out.length; k++) kids[k] = out[k]!;
  parent.touch();
}
