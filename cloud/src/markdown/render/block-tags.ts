/** How the renderer reads tags: blocks, elements it skips, inline elements that hold blocks. */
import { forEachDescendant, type LightElement, type LightNode } from "../dom/light-dom.js";

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

/**
 * The text of `root` with a space where a block (or a line break) starts or ends, so that words in
 * two paragraphs do not run together as they do in `textContent`; skipped elements give none. Without
 * recursion: it is what the renderer writes of a subtree nested past its bounds.
 */
export function spacedText(root: LightElement): string {
  const parts: string[] = [];
  // A null entry marks where a block ends.
  const stack: (LightNode | null)[] = [...root.children].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node === null) parts.push(" ");
    else if (node.type === "text") parts.push(node.data);
    else if (!SKIP_TAGS.has(node.tag)) {
      const block = BLOCK_TAGS.has(node.tag) || node.tag === "br";
      if (block) {
        parts.push(" ");
        stack.push(null);
      }
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
  }
  return parts.join("");
}
