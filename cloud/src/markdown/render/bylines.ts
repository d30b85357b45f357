/**
 * An article's byline and dateline — the short lines between its headline and its first paragraph that
 * name who wrote it and when ("By Jerry Chu", "Updated on 23 Oct 2025", "Oct 31, 2025", "15 min", a
 * link to the author's page) — are the story's metadata, not its text. WCXB's references keep them
 * apart (a title, an author and a date beside the main content) and leave them out of the text
 * (measured: +0.00024 overall, 218 pages gain, 16 lose — by 0.003 at most but for one listing read as
 * an article, whose short reference keeps its date line); the `metadata` option reports the
 * author and date the page states. Only on articles: a forum post's author and date and a listing
 * entry's date are part of each entry.
 */
import { HEADING_BLOCK, readerText } from "./markdown-text.js";

/** A paragraph this long is the story's text: the byline, if any, is above it. */
const PROSE_WORDS = 30;
/** Where no paragraph is that long, the byline is among the first blocks. */
const MAX_LEAD_BLOCKS = 6;
/** A byline or a dateline is a line's length; a longer block is a sentence of the story. */
const MAX_BYLINE_WORDS = 14;

const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?`;
/** "Oct 31, 2025", "15 Dec, 2025", "2025-09-21", "03/10/2023", "20.01.2025". */
const DATE = new RegExp(
  String.raw`\b(?:${MONTH}\s+${DAY},?\s+\d{4}|${DAY}\s+${MONTH},?\s+\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|\d{1,2}\.\d{1,2}\.\d{4})\b`,
  "i",
);
/**
 * "By Jerry Chu", "Written by [Ana](…)", "by ibby": a name follows — capitalised, a link, or a user name
 * alone — not a number or a phrase ("By 2030", "By the time the ship docked").
 */
const BYLINE =
  /^(?:[Bb]y|[Ww]ritten by|[Pp]osted by|[Aa]uthor:|[Ww]ords by|[Ss]tory by|BY)\s+(?:[\p{Lu}[]|\p{Ll}[\p{L}\p{N}_.-]*(?:\s+[\p{L}\p{N}_.-]+){0,2}$)/u;
const DATELINE =
  /^(?:last\s+)?(?:updated|published|posted|reviewed|modified|fact[- ]checked|medically reviewed)\b/i;
/** "15 min", "Read time: 14 min", "21 Minutes to Read" — not a recipe's "Prep time 15 minutes". */
const READING_TIME =
  /^(?:read(?:ing)? time:?\s*)?\d+\s*min(?:ute)?s?\.?(?:\s+(?:to\s+)?read)?$|\b\d+\s*min(?:ute)?s?\.?\s+(?:to\s+)?read\b/i;
/**
 * A line ending as a sentence does is the story's ("On March 3, 2024 the company announced its plans."),
 * unless a date or a time ends it ("Updated Dec. 9, 2025.", "posted on April 21, 2015, at 11:29 a.m.").
 */
const SENTENCE_END = /[.!?]["'”’)]*$/;
const TIME_END = /(?:\d|\b[ap]\.m)\.$/i;
/** A block that is one link to a person's page on the site. */
const AUTHOR_LINK =
  /^\[[^\]\n]{2,60}\]\([^)\s]*\/(?:author|authors|people|profile|staff|writers?|contributors?|team)\/[^)]*\)$/i;

/**
 * Removes from an article's `blocks` (the headline already taken) the bylines and datelines that come
 * before its first paragraph of prose — unless nothing but headings would be left.
 */
export function dropBylines(blocks: string[]): void {
  const prose = blocks.findIndex(
    (block) => !HEADING_BLOCK.test(block) && wordCount(readerText(block)) > PROSE_WORDS,
  );
  const lead = prose < 0 ? Math.min(blocks.length, MAX_LEAD_BLOCKS) : prose;
  const start = blocks.slice(0, lead).findIndex(isByline);
  if (start < 0) return;
  let end = start + 1;
  while (end < lead && isByline(blocks[end]!)) end++;
  // Lines alike further on are entries' lines (each post's author and date on a list's page), not
  // the story's byline.
  for (let i = end; i < lead; i++) if (isByline(blocks[i]!)) return;
  if (blocks.every((block, i) => (i >= start && i < end) || HEADING_BLOCK.test(block))) return;
  blocks.splice(start, end - start);
}

function isByline(block: string): boolean {
  if (HEADING_BLOCK.test(block) || /^!\[/.test(block)) return false;
  const text = readerText(block);
  const words = wordCount(text);
  if (!words || words > MAX_BYLINE_WORDS) return false;
  const line = text.replace(/^[^\p{L}\p{N}]+/u, "");
  if (SENTENCE_END.test(line) && !TIME_END.test(line)) return false;
  return (
    BYLINE.test(line) ||
    DATELINE.test(line) ||
    READING_TIME.test(line) ||
    DATE.test(line) ||
    AUTHOR_LINK.test(block.trim())
  );
}

function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}_]+/gu)?.length ?? 0;
}
