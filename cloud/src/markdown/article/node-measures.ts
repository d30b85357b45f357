/** Readability's questions about one node (its `_is…`, `_has…` and `_get…Density` helpers) on the light tree. */
import {
  forEachDescendant,
  innerTextLength,
  isSpaceCode,
  nextSibling,
  type LightElement,
  type LightNode,
} from "../dom/light-dom.js";
import { DIV_TO_P_ELEMS, FLAG_WEIGHT_CLASSES, PHRASING_ELEMS, RE } from "./readability-rules.js";

export function classWeight(el: LightElement, flags: number): number {
  if (!(flags & FLAG_WEIGHT_CLASSES)) return 0;
  let weight = 0;
  const className = el.className;
  if (className) {
    if (RE.negative.test(className)) weight -= 25;
    if (RE.positive.test(className)) weight += 25;
  }
  const id = el.id;
  if (id) {
    if (RE.negative.test(id)) weight -= 25;
    if (RE.positive.test(id)) weight += 25;
  }
  return weight;
}

/** Link text over all text (`_getLinkDensity`). */
export function linkDensity(el: LightElement): number {
  const length = innerTextLength(el);
  return length === 0 ? 0 : el.stats.childLinkLength / length;
}

/** Text inside descendants with the given tags over all text (`_getTextDensity`). */
export function textDensity(el: LightElement, tags: ReadonlySet<string>): number {
  const length = innerTextLength(el);
  if (length === 0) return 0;
  let inside = 0;
  forEachDescendant(el, (node) => {
    if (node.type === "element" && tags.has(node.tag)) inside += innerTextLength(node);
    return node.type === "element";
  });
  return inside / length;
}

const STYLE_HIDDEN = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

export function isProbablyVisible(el: LightElement): boolean {
  if (isHiddenFromSight(el)) return false;
  if (el.attr("aria-hidden") === "true" && !el.className.includes("fallback-image")) return false;
  return true;
}

/** Hidden by its `hidden` attribute or inline style: from every reader, not only from screen readers. */
export function isHiddenFromSight(el: LightElement): boolean {
  const style = el.attr("style");
  return (!!style && STYLE_HIDDEN.test(style)) || el.attrs.has("hidden");
}

export function isWhitespace(node: LightNode): boolean {
  return node.type === "text" ? node.stats.nonSpace === 0 : node.tag === "br";
}

/** Text, a phrasing element, or a link/del/ins made only of phrasing content. */
export function isPhrasingContent(node: LightNode): boolean {
  const stack: LightNode[] = [node];
  while (stack.length) {
    const current = stack.pop()!;
    if (current.type === "text" || PHRASING_ELEMS.has(current.tag)) continue;
    if (current.tag === "a" || current.tag === "del" || current.tag === "ins") {
      // One by one: a spread of a link's 200,000 children is more arguments than a call takes.
      for (const child of current.children) stack.push(child);
      continue;
    }
    return false;
  }
  return true;
}

/** Exactly one element child, with the tag, and no text with content beside it. */
export function hasSingleTagInside(el: LightElement, tag: string): boolean {
  let element: LightElement | undefined;
  for (const child of el.children) {
    if (child.type === "element") {
      if (element) return false;
      element = child;
    } else if (child.data.length && !isSpaceCode(child.data.charCodeAt(child.data.length - 1))) {
      return false;
    }
  }
  return element?.tag === tag;
}

export function isElementWithoutContent(el: LightElement): boolean {
  if (el.stats.nonSpace > 0) return false;
  let elementChildren = 0;
  for (const child of el.children) if (child.type === "element") elementChildren++;
  if (elementChildren === 0) return true;
  let breaks = 0;
  forEachDescendant(el, (node) => {
    if (node.type === "element" && (node.tag === "br" || node.tag === "hr")) breaks++;
    return breaks <= elementChildren;
  });
  return elementChildren === breaks;
}

export function hasChildBlockElement(el: LightElement): boolean {
  let found = false;
  forEachDescendant(el, (node) => {
    if (found) return false;
    if (node.type === "element" && DIV_TO_P_ELEMS.has(node.tag)) found = true;
    return !found;
  });
  return found;
}

/**
 * Whether an ancestor within `maxDepth` levels (0 or less: any) has the tag and passes `filter`
 * (`_hasAncestorTag`, which looks one level past maxDepth).
 */
export function hasAncestorTag(
  node: LightNode,
  tag: string,
  maxDepth = 3,
  filter?: (el: LightElement) => boolean,
): boolean {
  let depth = 0;
  for (let current = node; current.parent; current = current.parent) {
    if (maxDepth > 0 && depth > maxDepth) return false;
    if (current.parent.tag === tag && (!filter || filter(current.parent))) return true;
    depth++;
  }
  return false;
}

/** The next sibling that is an element or text with content (`_nextNode`). */
export function nextMeaningfulNode(node: LightNode | null): LightNode | null {
  let next = node;
  while (next && next.type === "text" && next.stats.nonSpace === 0) next = nextSibling(next);
  return next;
}

/** Share of `b`'s words that also occur in `a`, by length (`_textSimilarity`). */
export function textSimilarity(a: string, b: string): number {
  const tokensA = a.toLowerCase().split(/\W+/g).filter(Boolean);
  const tokensB = b.toLowerCase().split(/\W+/g).filter(Boolean);
  if (!tokensA.length || !tokensB.length) return 0;
  const setA = new Set(tokensA);
  const uniqueB = tokensB.filter((token) => !setA.has(token));
  return 1 - uniqueB.join(" ").length / tokensB.join(" ").length;
}

export function ancestors(node: LightNode, maxDepth = 0): LightElement[] {
  const list: LightElement[] = [];
  for (let current = node.parent; current; current = current.parent) {
    list.push(current);
    if (maxDepth && list.length === maxDepth) break;
  }
  return list;
}
