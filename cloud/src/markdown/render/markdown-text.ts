/**
 * Plain text made safe for markdown: characters that would start emphasis, links, code or HTML are
 * escaped, and so is the start of a line that would read as a heading, quote or list item. Escaping is
 * kept to what changes the meaning, because the reader is usually a language model, not a renderer.
 */

/** A rendered block that is a heading (`## Title`); group 1 holds its level's `#`s. */
export const HEADING_BLOCK = /^(#{1,6}) /;

// Images and links as the renderer writes them: alt and link text with brackets escaped or paired (one
// level deep), the address percent-encoded (no space or parenthesis), then an optional quoted title.
// Each part stops at what ends it, so no stretch of a hostile page's text is scanned from every bracket
// in it (a looser `\[[^\]]*\]\([^)]*\)` takes seconds on a run of "["s).
// Each part once: the text between brackets, and the target after them.
const BRACKETED_TEXT = String.raw`\[((?:[^[\]\\]|\\.|\[(?:[^[\]\\]|\\.)*\])*)\]`;
const TARGET = String.raw`\([^\s()]*(?: "(?:[^"\\]|\\.)*")?\)`;
const IMAGE = `!${BRACKETED_TEXT}${TARGET}`;
/** Every image of a markdown text, for `replace`. */
export const MARKDOWN_IMAGES = new RegExp(IMAGE, "g");
/** An image, or a link around nothing but an image, as the renderer writes them, for `matchAll`. */
export const IMAGE_OR_LINKED_IMAGE = new RegExp(String.raw`\[\s*${IMAGE}\s*\]${TARGET}|${IMAGE}`, "g");
/** An image's address, as `$2`. */
export const IMAGE_ADDRESS = new RegExp(String.raw`!${BRACKETED_TEXT}\(([^\s()]*)`);
/** Every link of a markdown text (and an image's bracketed part), its text as `$1`, for `replace`. */
export const MARKDOWN_LINKS = new RegExp(String.raw`(?<!\\)${BRACKETED_TEXT}${TARGET}`, "g");
/** Every link's address and title with the bracket closing its text, for `replace`. */
export const LINK_TARGETS = new RegExp(`\\]${TARGET}`, "g");

/** A thematic break (`<hr>`) as a rendered block. */
export const RULE_BLOCK = "---";

/** Stands for a `<br>` until a paragraph is finished (a private-use character pages do not contain). */
export const HARD_BREAK = "\uE000";

/**
 * Stand for the space emphasis that closes after punctuation, or opens before it, may need (see
 * inline-marks.ts) until the character beside it is known: the paragraph, heading or cell is finished.
 * Markdown reads `*U.S.A.*` closing before a comma and `(**[a](b)**)` opening after a parenthesis, but
 * not `**a.**b` nor `a**[b](c)**`: only beside a letter, a digit or another marker is the space written.
 */
export const GAP_AFTER = "\uE001";
export const GAP_BEFORE = "\uE002";

/** The private-use characters above: the renderer's, dropped from the page's text. */
const MARKERS = /[\uE000-\uE002]/g;

/** `text` without the renderer's markers: a page's own would otherwise read as a break or a gap. */
export function withoutMarkers(text: string): string {
  return text.replace(MARKERS, "");
}

/** Writes the emphasis gaps (GAP_AFTER, GAP_BEFORE) of finished inline text as a space or nothing. */
function settleGaps(text: string): string {
  if (!GAP.test(text)) return text;
  return text
    .replace(SPACE_AFTER, " ")
    .replace(/\uE001/g, "")
    .replace(SPACE_BEFORE, " ")
    .replace(/\uE002/g, "");
}

const GAP = /[\uE001\uE002]/;
const SPACE_AFTER = /\uE001(?=[\p{L}\p{N}*_~])/gu;
const SPACE_BEFORE = /(?<=[\p{L}\p{N}*_~])\uE002/gu;

/**
 * Collapses HTML whitespace the way a browser lays out normal text (no-break spaces and line separators
 * become spaces), and drops the characters a reader never sees: zero-width spaces, word joiners and byte
 * order marks, and joiners, direction marks or soft hyphens with nothing to join (a `<p>&zwj;</p>` spacer, a hyphen point
 * beside a space). A joiner between two characters stays (it shapes an emoji sequence or a Persian
 * word), and so does a soft hyphen inside a word: the page's hyphenation point, invisible when rendered
 * (measured: dropping it joined words that WCXB's and the Readability corpus's references keep apart).
 */
export function collapseWhitespace(text: string): string {
  let out = withoutMarkers(text.replace(/[\t\n\f\r \u00a0\u2028\u2029]+/g, " "));
  if (INVISIBLE.test(out)) {
    out = out.replace(/[\u200b\u2060\ufeff]+/g, "").replace(LONE_JOINER, "$1");
    // Spaces that stood on either side of what went are one space.
    out = out.replace(/ {2,}/g, " ");
  }
  return out;
}

const INVISIBLE = /[\u00ad\u200b-\u200f\u2060\ufeff]/;
/** Joiners, non-joiners, direction marks and soft hyphens at the start or end of a run, or beside a space. */
const LONE_JOINER = /(^|\s)[\u00ad\u200c-\u200f]+|(?<![\u00ad\u200c-\u200f])[\u00ad\u200c-\u200f]+(?=\s|$)/g;

/**
 * Escapes one run of text so that it reads as text, never as markdown. The brackets, so that the page's
 * text cannot make a link of its own, to a target nobody checked:
 * - outside link text, a `[` with a `]` after it, and every `]` (a `[` in an earlier run could pair
 *   with it: `<span>[a</span><span>](b)</span>`);
 * - inside link text, where markdown reads the innermost link: brackets that do not pair up (an
 *   unpaired `]` would end the text), a pair a target could follow (`](`, or at the run's end), and a
 *   `(` after a `]` (marked, the Studio's parser, reads link text unescaped once more, and would still
 *   find `[a](b)` there; split over two runs it still does, but a `(` opening a run is too common, in
 *   "Sofa (Set of 2)" and "(53 reviews)", to escape for it);
 * - with `allBrackets`, every bracket (an image's alt text, read by few and parsed by many: paired
 *   brackets in an image inside a link trip parsers that follow CommonMark less closely).
 */
export function escapeText(text: string, inLink: boolean, allBrackets = false): string {
  if (!/[\\*`_[\]<&~]/.test(text)) return text;
  const linkBrackets = inLink && !allBrackets ? bracketsToEscape(text) : null;
  // Whether a `]` (or a `~` that could close) follows a position: one look from the end, not one scan
  // per `[` or `~` (a hostile run of " ~a" would cost quadratic time).
  const lastClose = text.lastIndexOf("]");
  let lastTildeCloser: number | undefined;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    switch (c) {
      case "\\":
        out += /[!-/:-@[-`{-~]/.test(text[i + 1] ?? "") ? "\\\\" : "\\";
        break;
      case "`":
        out += "\\" + c;
        break;
      case "*":
        // Spaces on both sides: it can neither open nor close emphasis (`a * b`).
        out += isSpace(text[i - 1]) && isSpace(text[i + 1]) ? "*" : "\\*";
        break;
      case "_":
        out +=
          (isWordChar(text[i - 1]) && isWordChar(text[i + 1])) ||
          (isSpace(text[i - 1]) && isSpace(text[i + 1]))
            ? "_"
            : "\\_";
        break;
      case "[":
        out += allBrackets || (linkBrackets ? linkBrackets.has(i) : lastClose > i) ? "\\[" : "[";
        break;
      case "]":
        out += allBrackets || !inLink || linkBrackets?.has(i) ? "\\]" : "]";
        break;
      case "(":
        out += linkBrackets && text[i - 1] === "]" ? "\\(" : "(";
        break;
      case "<":
        out += /[A-Za-z/!?]/.test(text[i + 1] ?? "") ? "\\<" : "<";
        break;
      case "&":
        out += /^&#?[A-Za-z0-9]+;/.test(text.slice(i, i + 33)) ? "\\&" : "&";
        break;
      case "~":
        lastTildeCloser ??= lastStrikeCloser(text);
        out += couldStrike(text, i, lastTildeCloser) ? "\\~" : "~";
        break;
      default:
        out += c;
    }
  }
  return out;
}

/** The brackets of a run of link text to escape: the unpaired ones, and a pair a target could follow. */
function bracketsToEscape(text: string): Set<number> {
  const open: number[] = [];
  const escaped = new Set<number>();
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "[") open.push(i);
    else if (text[i] === "]") {
      const partner = open.pop();
      if (partner === undefined) escaped.add(i);
      else if (i + 1 === text.length || text[i + 1] === "(") escaped.add(partner).add(i);
    }
  }
  for (const i of open) escaped.add(i);
  return escaped;
}

function isSpace(c: string | undefined): boolean {
  return c !== undefined && /\s/.test(c);
}

/**
 * Whether a `~` could take part in strikethrough. Before a space (or at the text's end) it cannot
 * open, and it could close only after a non-space. After a space it can only open, which needs a
 * closer later, so "about ~10 years" stays plain (a closer in another run is itself escaped). Elsewhere
 * (after a non-space, or at the run's start before text) it is escaped.
 */
function couldStrike(text: string, i: number, lastCloser: number): boolean {
  const next = text[i + 1];
  if (next === undefined || /\s/.test(next)) return i > 0 && !isSpace(text[i - 1]);
  if (!isSpace(text[i - 1])) return true;
  return lastCloser > i + 1;
}

/** The last `~` after a non-space (one that could close strikethrough), or -1. */
function lastStrikeCloser(text: string): number {
  for (let j = text.lastIndexOf("~"); j > 0; j = text.lastIndexOf("~", j - 1))
    if (!isSpace(text[j - 1])) return j;
  return -1;
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[\p{L}\p{N}]/u.test(c);
}

/** A line that markdown would read as a block marker when it is meant as text. */
const LINE_START = /^(#{1,6}(?=\s|$)|>|[-+*](?=\s|$)|\d{1,9}(?=[.)](?:\s|$))|=+\s*$|-+\s*$)/;

/**
 * Finishes a paragraph's inline text: spaces collapsed across elements, `<br>` as a hard break (two
 * or more as a paragraph break), each line's start escaped.
 */
export function finishParagraph(inline: string): string {
  const text = settleGaps(inline)
    .replace(/ {2,}/g, " ")
    // Spaces are single here, so one on each side of a break is all there is.
    .replace(/ ?\uE000 ?/g, HARD_BREAK)
    .replace(/^[\s\uE000]+|(?<![\s\uE000])[\s\uE000]+$/g, "");
  if (!text) return "";
  return text
    .split(/\uE000{2,}/)
    .map((paragraph) => {
      const lines = paragraph.split(HARD_BREAK).map((line) => line.trim());
      // A paragraph of nothing but separators goes; a line of them beside text is the author's.
      return lines.every(isOnlySeparators) ? "" : lines.map(escapeLineStart).join("  \n");
    })
    .filter(Boolean)
    .join("\n\n");
}

/**
 * A line of nothing but separators and control glyphs: a `|` or `•` between links that went, a `×`
 * close button, a `+` that opens an accordion, a rule of dashes typed as text, an icon font's
 * private-use glyph. Symbols that say something stay (stars of a rating, an emoji, a currency sign),
 * and so do dots of an omission and the characters markdown itself is made of (`*`, `_`, `~`, `=`, `#`,
 * `` ` ``, a lone `-` or `+`) when the page writes them as text.
 */
export function isOnlySeparators(line: string): boolean {
  if (!SEPARATOR_LINE.test(line)) return false;
  // Emphasis around a glyph (`*+*`) is markup; an escaped star is the page's own.
  const text = line.replace(/(?<!\\)[*_]+/g, "").replace(/\\(.)/g, "$1");
  return SEPARATOR_LINE.test(text) && !/[*_~=#`]|^[-+]$|^[.…\s]+$/.test(text);
}

const SEPARATOR_LINE = /^[\p{P}\p{Sm}\p{Co}\s\u25a0-\u25ff]+$/u;

export function escapeLineStart(line: string): string {
  const match = LINE_START.exec(line);
  if (!match) return line;
  const marker = match[1]!;
  // Digits stay; the dot or parenthesis after them is what makes a list item.
  if (/^\d/.test(marker)) return marker + "\\" + line.slice(marker.length);
  return "\\" + line;
}

/**
 * The text a reader sees of a line of markdown (a heading, a byline): link texts, without images,
 * emphasis or escapes, spaces collapsed.
 */
export function readerText(markdown: string): string {
  return markdown
    .replace(MARKDOWN_IMAGES, "")
    .replace(MARKDOWN_LINKS, "$1")
    .replace(/\\(.)|\*\*|__|~~|[*_`]/g, (_, escaped: string | undefined) => escaped ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A markdown line without its images that have no alt text (linked ones with their link), spaces closed up. */
export function withoutUndescribedImages(line: string): string {
  return line
    .replace(IMAGE_OR_LINKED_IMAGE, (image, linkedAlt?: string, alt?: string) =>
      (linkedAlt ?? alt) === "" ? " " : image,
    )
    .replace(/ {2,}/g, " ")
    .trim();
}

/** A markdown line with its links' texts in place of the links (`[text](url)` → `text`). */
export function linkTexts(line: string): string {
  return line.replace(MARKDOWN_LINKS, "$1");
}

/** Inline text on one line (headings, table cells, link text): hard breaks become spaces, gaps settled. */
export function singleLine(inline: string): string {
  return settleGaps(inline)
    .replace(/[\s\uE000]+/g, " ")
    .trim();
}
