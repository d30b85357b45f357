/**
 * The page's headline — the first level-one heading of its content, what a reader sees as the page's
 * name — and its document title (`<title>`, `og:title`, JSON-LD) often name the page in other words:
 * "8 Recent Photography Trends" under "Recent Trends in Photography", "Promise" under "Promise -
 * JavaScript". The markdown names the page once, as the reader sees it: the headline, when it shares
 * words with the document title (an `<h1>` sharing none is a logo or a section, not the page's name);
 * otherwise the document title, with the heading a level down as a section of the page.
 */

/**
 * Takes the headline out of `blocks` when it names the page `title` names, returning it (markdown);
 * otherwise, or without a `title` to weigh it against, leaves it in as a second-level heading. A
 * headline that is the page's only block stays, a level down, under the title.
 */
export function takeHeadline(blocks: string[], title: string | undefined): string | undefined {
  const at = blocks.findIndex((block) => block.startsWith("# "));
  if (at < 0) return undefined;
  const headline = blocks[at]!.slice(2);
  if (title !== undefined && blocks.length > 1 && namesAlike(headlineText(headline), title)) {
    blocks.splice(at, 1);
    return headline;
  }
  blocks[at] = `#${blocks[at]}`;
  return undefined;
}

/** The text a reader sees of a heading's markdown: link texts, without images, emphasis or escapes. */
export function headlineText(markdown: string): string {
  return markdown
    .replace(/!\[(?:[^\]\\]|\\.)*\]\([^)]*\)/g, "")
    .replace(/\[((?:[^\]\\]|\\.)*)\]\([^)]*\)/g, "$1")
    .replace(/\\(.)|\*\*|__|~~|[*_`]/g, (_, escaped: string | undefined) => escaped ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Whether two titles name the same page: they share this share of their distinct words (measured on
 * WCXB's dev pages, whose references keep the headline: from 0.3 down to 0.15 each step gains, and any
 * shared word at all gains a little more, at the cost of taking a section's heading for the name).
 */
const SHARED_WORDS = 0.15;

function namesAlike(a: string, b: string): boolean {
  const first = words(a);
  const second = words(b);
  if (!first.size || !second.size) return false;
  let shared = 0;
  for (const word of first) if (second.has(word)) shared++;
  return shared / (first.size + second.size - shared) >= SHARED_WORDS;
}

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}
