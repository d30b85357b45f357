/**
 * Known values of a Readability case, derived in the browser from its files.
 *
 * Snippets: about six words (or sixteen CJK characters) from the start of one text node per paragraph
 * of `expected.html`, kept only when one text node of `source.html` holds them too. One text node,
 * because a run of words that crosses a link or an <em> is split over several accessibility nodes by
 * both tools; and Readability itself sometimes joins text (it unwraps links, for one), so a snippet of
 * its output can span two nodes of the page. Either would make a snippet "missing" for reasons unrelated
 * to what a snapshot kept.
 */
import type { Page } from "playwright-core";

const WORDS = 6;
/** For scripts written without spaces between words. */
const CJK_CHARS = 16;

// Runs in the browser (the project is typed without the DOM library, so it is written as source).
// DOMParser builds inert documents: no scripts run and nothing is fetched.
const SNIPPETS_IN_PAGE = `(input) => {
  const parse = (html) => new DOMParser().parseFromString(html, "text/html");
  const squash = (text) => text.replace(/\\s+/g, " ").trim();
  const textNodes = (doc, root) => {
    const out = [];
    const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (!node.parentElement || !node.parentElement.closest("script, style, noscript, template"))
        out.push(squash(node.data));
    return out;
  };
  const source = parse(input.source);
  const sourceText = source.body ? textNodes(source, source.body).join("\\n") : "";
  const expected = parse(input.expected);
  const snippets = [];
  const seen = new Set();
  const take = (root) => {
    for (const text of textNodes(expected, root)) {
      const words = text.split(" ");
      const chars = Array.from(text);
      let snippet;
      if (words.length >= input.words) snippet = words.slice(0, input.words).join(" ");
      // Chinese and Japanese put no spaces between words: take about as much text by characters.
      else if (/[\\u3040-\\u30ff\\u3400-\\u9fff]/.test(text) && chars.length >= input.chars)
        snippet = chars.slice(0, input.chars).join("");
      if (!snippet || !sourceText.includes(snippet)) continue;
      if (!seen.has(snippet)) { seen.add(snippet); snippets.push(snippet); }
      return;
    }
  };
  for (const paragraph of expected.querySelectorAll("p")) take(paragraph);
  // Articles without <p> (lists, tables, bare divs): fall back to the first text nodes of block elements.
  if (snippets.length < 3)
    for (const block of expected.querySelectorAll("li, td, div, blockquote, pre, h2, h3")) take(block);
  return snippets;
}`;

// Whether the saved page shows `text` (title or visible markup, not scripts or <meta> tags).
const SHOWS_TEXT_IN_PAGE = `(input) => {
  const doc = new DOMParser().parseFromString(input.html, "text/html");
  for (const hidden of doc.querySelectorAll("script, style, noscript, template")) hidden.remove();
  const squash = (text) => text.replace(/\\s+/g, " ").trim();
  return squash(doc.title + " " + (doc.body ? doc.body.textContent : "")).includes(squash(input.text));
}`;

/**
 * Whether the page's title or body text contains `text`. Readability takes its title from metadata
 * when it has some (og:title, parsely-title…), which a page does not necessarily show; such a title
 * cannot be asked of a snapshot.
 */
export async function pageShowsText(page: Page, html: string, text: string): Promise<boolean> {
  return page.evaluate<boolean>(`(${SHOWS_TEXT_IN_PAGE})(${JSON.stringify({ html, text })})`);
}

/** The article's snippets in document order, parsed in `page` (which is left untouched). */
export async function deriveArticleSnippets(page: Page, expected: string, source: string): Promise<string[]> {
  // A string given to evaluate() is an expression, so the call and its argument are part of it.
  const input = JSON.stringify({ expected, source, words: WORDS, chars: CJK_CHARS });
  return page.evaluate<string[]>(`(${SNIPPETS_IN_PAGE})(${input})`);
}
