/**
 * Readability's document preparation before it looks for the article: images out of `<noscript>`,
 * scripts gone, `<br><br>` runs turned into paragraphs, `<font>` into `<span>`.
 */
import {
  appendChild,
  descendantsByTag,
  descendantsByTags,
  LightElement,
  nextSibling,
  previousElementSibling,
  removeNode,
  replaceNode,
  setTag,
} from "../dom/light-dom.js";
import { isPhrasingContent, isWhitespace, nextMeaningfulNode } from "./node-measures.js";

const IMAGE_EXTENSION = /\.(jpg|jpeg|png|webp)/i;

export function prepareDocument(html: LightElement, body: LightElement): void {
  const byTag = descendantsByTags(html, ["img", "noscript", "script", "br", "font"]);
  unwrapNoscriptImages(byTag.get("img")!, byTag.get("noscript")!);
  for (const el of [...byTag.get("script")!, ...byTag.get("noscript")!]) removeNode(el);
  replaceBrs(byTag.get("br")!.filter((br) => isInside(br, body)));
  for (const font of byTag.get("font")!) setTag(font, "span");
}

function isInside(node: LightElement, ancestor: LightElement): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) if (parent === ancestor) return true;
  return false;
}

/** Replaces lazy-loading placeholders with the real image a `<noscript>` beside them holds. */
function unwrapNoscriptImages(images: LightElement[], noscripts: LightElement[]): void {
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
    if (!keep) removeNode(img);
  }
  for (const noscript of noscripts) {
    if (!isSingleImage(noscript)) continue;
    const previous = previousElementSibling(noscript);
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
    replaceNode(previous, replacement);
  }
}

function isSingleImage(start: LightElement): boolean {
  for (let node: LightElement | undefined = start; node;) {
    if (node.tag === "img") return true;
    const elements: LightElement[] = node.elementChildren;
    if (elements.length !== 1 || node.stats.nonSpace > 0) return false;
    node = elements[0];
  }
  return false;
}

/**
 * Turns two or more successive `<br>`s into a paragraph break: the phrasing content after the run
 * moves into a new `<p>` (`_replaceBrs`).
 */
function replaceBrs(brs: LightElement[]): void {
  for (const br of brs) {
    // Loupe's deviation: line breaks in code stay line breaks (Readability would make a <p> of them).
    if (hasAncestor(br, "pre")) continue;
    let next = nextSibling(br);
    let replaced = false;
    while ((next = nextMeaningfulNode(next)) && next.type === "element" && next.tag === "br") {
      replaced = true;
      const after = nextSibling(next);
      removeNode(next);
      next = after;
    }
    if (!replaced || !br.parent) continue;
    const p = new LightElement("p");
    replaceNode(br, p);
    next = nextSibling(p);
    while (next) {
      if (next.type === "element" && next.tag === "br") {
        const nextElem = nextMeaningfulNode(nextSibling(next));
        if (nextElem && nextElem.type === "element" && nextElem.tag === "br") break;
      }
      if (!isPhrasingContent(next)) break;
      const sibling = nextSibling(next);
      appendChild(p, next);
      next = sibling;
    }
    while (p.children.length && isWhitespace(p.children[p.children.length - 1]!))
      removeNode(p.children[p.children.length - 1]!);
    if (p.parent?.tag === "p") setTag(p.parent, "div");
  }
}

function hasAncestor(node: LightElement, tag: string): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) if (parent.tag === tag) return true;
  return false;
}
