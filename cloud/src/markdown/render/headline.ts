/**
 * The page's headline — the first level-one heading of its content, what a reader sees as the page's
 * name — and its document title (`<title>`, `og:title`, JSON-LD) often name the page in other words:
 * "8 Recent Photography Trends" under "Recent Trends in Photography", "Promise" under "Promise -
 * JavaScript". The markdown names the page once, as the reader sees it: the headline, when it shares
 * words with the document title (an `<h1>` sharing none is a logo or a section, not the page's name);
 * otherwise the document title, with the heading a level down as a section of the page. Above a headline
 * taken, short lines are the page's frame and go (see dropFrame).
 */
import { HEADING_BLOCK, readerText } from "./markdown-text.js";

/**
 * Takes the headline out of `blocks` when it names the page `title` names, or the page has no title
 * (`""`), returning it (markdown); otherwise, or when `title` is undefined (the headline is not to be
 * taken), leaves it in as a second-level heading. A headline that is the page's only block stays, a
 * level down, under the title.
 */
export function takeHeadline(blocks: string[], title: string | undefined): string | undefined {
  const at = blocks.findIndex((block) => block.startsWith("# "));
  if (at < 0) return undefined;
  const headline = blocks[at]!.slice(2);
  if (title !== undefined && blocks.length > 1 && (!title || namesAlike(readerText(headline), title))) {
    blocks.splice(at, 1);
    dropFrame(blocks, at);
    return headline;
  }
  blocks[at] = `#${blocks[at]}`;
  return undefined;
}

/**
 * Above the headline, short lines are the page's frame — a breadcrumb, a section's label, a date, a
 * "Back to blog" link, a site's notice — not its text, and go (measured on WCXB's dev pages: +0.0005
 * overall, every type up, products most). What is the page's stays: a heading, a picture (a product's,
 * above its name), a price, a sentence (a deck, a line of introduction), a line wholly in bold (a
 * heading drawn in bold). Only when the headline opens the page's text: with half of it or more above
 * the headline, the headline is not where the content starts, and nothing goes.
 */
function dropFrame(blocks: string[], headlineAt: number): void {
  let above = 0;
  let total = 0;
  for (let i = 0; i < blocks.length; i++) {
    total += blocks[i]!.length;
    if (i < headlineAt) above += blocks[i]!.length;
  }
  if (!above || above >= total * MAX_FRAME_SHARE) return;
  const kept = blocks.slice(0, headlineAt).filter((block) => !isFrame(block));
  blocks.splice(0, headlineAt, ...kept);
}

function isFrame(block: string): boolean {
  return (
    block.length <= MAX_FRAME_CHARS &&
    !HEADING_BLOCK.test(block) &&
    !block.includes("![") &&
    !PRICE.test(block) &&
    !BOLD_LINE.test(block) &&
    !(SENTENCE_END.test(block) && block.split(/\s+/).length >= MIN_SENTENCE_WORDS)
  );
}

const MAX_FRAME_CHARS = 300;
const MAX_FRAME_SHARE = 0.5;
const MIN_SENTENCE_WORDS = 8;
/** A currency's sign before or after a number: "$1,995.00", "€ 30", "49,90 €", "120 zł". */
const PRICE = /[$€£¥₹]\s?\**\d|\d\**\s?(?:€|zł|kr|лв)/u;
const BOLD_LINE = /^\*\*[^\n]*\*\*$/;
/** A sentence's end, before any closing quotation marks, brackets or emphasis. */
const SENTENCE_END = /[.!?…]["”’)*_]*$/;

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
