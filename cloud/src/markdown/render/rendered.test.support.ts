import { parseDocument } from "../dom/parse-document.js";
import { documentBase } from "./link-urls.js";
import { renderBlocks } from "./markdown-renderer.js";

/**
 * The renderer alone (no main-content extraction, no title) on a fragment or page, its blocks joined as
 * the markdown joins them. Shared by the renderer's tests and its parts' (code blocks, lists, tables,
 * word gaps, math).
 */
export function render(html: string, url = "https://example.com/dir/page.html"): string {
  const doc = parseDocument(html);
  return renderBlocks(doc.body, documentBase(url, doc.baseHref)).join("\n\n");
}
