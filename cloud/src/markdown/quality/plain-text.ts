/**
 * The text a reader sees, from markdown or from HTML, for comparing the two (see word-f1.ts) and for
 * WCXB's scorer. Markdown is rendered as the Studio renders it (marked, GitHub-flavoured) and read as a
 * browser's `textContent`: link and image addresses, images (their alt text is not page text either),
 * escapes, emphasis marks, heading, list and quote markers, a list's numbers and a table's pipes all go,
 * as they go on screen. Each block, table cell and line break ends a line, where `textContent` would run
 * the next one's first word into the last.
 */
import { parseHTML } from "linkedom";
import { marked } from "marked";

/** The visible text of an HTML fragment or page (`body.textContent`). */
export function htmlPlainText(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`) as unknown as {
    document: { body: { textContent: string | null } };
  };
  return document.body.textContent ?? "";
}

/** The text of rendered markdown (see the file's comment). */
export function markdownPlainText(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return htmlPlainText(html.replace(LINE_BREAK, "\n").replace(BLOCK_END, "$&\n"));
}

const LINE_BREAK = /<br\s*\/?>/gi;
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre|td|th|tr|dd|dt)>/gi;
