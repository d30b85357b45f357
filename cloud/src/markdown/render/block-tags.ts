/** How the renderer reads tags: blocks, elements it skips, inline elements that hold blocks. */
import { forEachDescendant, type LightElement } from "../dom/light-dom.js";

/** Elements the browser lays out as blocks: each starts on a line of its own. */
export const BLOCK_TAGS = new Set<string>([
  "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir",
  "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
  "header", "hgroup", "hr", "html", "legend", "li", "main", "menu", "nav", "ol", "p", "pre", "search",
  "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
]); // prettier-ignore

/** Elements with nothing a reader of the text needs. */
export const SKIP_TAGS = new Set([
  "head", "title", "meta", "base", "link", "script", "style", "template", "svg", "iframe", "object", "embed",
  "canvas", "video", "audio", "source", "track", "map", "area", "input", "select", "textarea", "option",
  "optgroup", "datalist", "button", "noscript", "frameset", "frame", "param",
]); // prettier-ignore

/** Finds the inline elements that hold block elements, without recursion. */
export function markBlockHolders(root: LightElement, holders: Set<LightElement>): void {
  // Pre-order, so walking it backwards sees every element after all its descendants.
  const order: LightElement[] = [root];
  forEachDescendant(root, (node) => {
    if (node.type === "element") order.push(node);
    return node.type === "element" && !SKIP_TAGS.has(node.tag);
  });
  for (let i = order.length - 1; i >= 0; i--) {
    const el = order[i]!;
    if (
      el.children.some(
        (c) => c.type === "element" && !SKIP_TAGS.has(c.tag) && (BLOCK_TAGS.has(c.tag) || holders.has(c)),
      )
    ) {
      holders.add(el);
    }
  }
}
