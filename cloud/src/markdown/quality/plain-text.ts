/**
 * The text a reader sees, from markdown or from HTML, for comparing the two (see word-f1.ts). Markdown
 * loses what rendering would hide: link and image addresses, images (their alt text is not page
 * text either), escapes, comments, code fences.
 */
import { parseHTML } from "linkedom";

/** The visible text of an HTML fragment or page (`body.textContent`). */
export function htmlPlainText(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`) as unknown as {
    document: { body: { textContent: string | null } };
  };
  return document.body.textContent ?? "";
}

/** How far a bracket or parenthesis is looked for; bounds the work on text full of stray brackets. */
const MAX_SPAN = 4000;

/** The text of rendered markdown: link text kept, addresses, images, escapes and markup dropped. */
export function markdownPlainText(markdown: string): string {
  const text = markdown
    .replace(/<!--[\s\S]*?(?:-->|$)/g, " ")
    .replace(/^ {0,3}(?:```|~~~)[^\n]*$/gm, " ")
    // An ordered list's numbers are markup (the browser draws them; they are not in textContent).
    .replace(/^([ \t>]*)\d{1,9}[.)](?=[ \t])/gm, "$1");
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length && /[!-/:-@[-`{-~]/.test(text[i + 1]!)) {
      out += text[++i];
      continue;
    }
    const isImage = c === "!" && text[i + 1] === "[";
    if (c === "[" || isImage) {
      const open = isImage ? i + 1 : i;
      const close = matching(text, open, "[", "]");
      if (close > 0 && text[close + 1] === "(") {
        const end = matching(text, close + 1, "(", ")");
        if (end > 0) {
          if (!isImage) out += " " + markdownPlainText(text.slice(open + 1, close)) + " ";
          i = end;
          continue;
        }
      }
    }
    out += c;
  }
  return out;
}

/** The index of the bracket closing the one at `start` (escapes and nesting respected), or -1. */
function matching(text: string, start: number, open: string, close: string): number {
  let depth = 0;
  const limit = Math.min(text.length, start + MAX_SPAN);
  for (let i = start; i < limit; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return i;
  }
  return -1;
}
