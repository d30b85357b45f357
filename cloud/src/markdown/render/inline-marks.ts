/**
 * How an inline mark is written once the renderer (markdown-renderer.ts) has its content: emphasis
 * that opens and closes where markdown reads it, a link's text and title, an image (tracking pixels
 * left out), and which elements are emphasis or code that join their neighbours of the same kind.
 */
import type { LightElement, LightNode } from "../dom/light-dom.js";
import { imageSource } from "./image-source.js";
import { resolveImage } from "./link-urls.js";
import { collapseWhitespace, escapeText, GAP_AFTER, GAP_BEFORE, singleLine } from "./markdown-text.js";

/** Elements whose text is a code span. */
export const CODE_TAGS = new Set(["code", "kbd", "samp", "tt", "var"]);

export function isCode(node: LightNode): boolean {
  return node.type === "element" && CODE_TAGS.has(node.tag);
}

const EMPHASIS_KIND: Record<string, string> = {
  strong: "strong",
  b: "strong",
  em: "em",
  i: "em",
  del: "del",
  s: "del",
  strike: "del",
};

/** `strong`, `em` or `del` for an element of that kind (`<b>` is strong), else undefined. */
export function emphasisKind(node: LightNode | undefined): string | undefined {
  return node?.type === "element" ? EMPHASIS_KIND[node.tag] : undefined;
}

/**
 * `inner` between `marker`s, its surrounding whitespace (and the renderer's markers: a `<br>`, a gap)
 * kept outside: `** a **` would not read as emphasis. Emphasis starting or ending in punctuation (a
 * link, code) opens or closes only where the character beside it allows (see GAP_AFTER), so a gap is
 * left there for the finished text to settle. Emphasis of the same marker inside (`<b><i>both</i></b>`)
 * is no such punctuation: its markers and these make one run, `***both***`, read by the letter inside.
 */
export function emphasized(inner: string, marker: string): string {
  const [lead, core, trail] = splitEdges(inner, SPACE_OR_MARKER);
  if (!core) return /[\s\uE000]/.test(lead + trail) ? " " : "";
  const char = marker[0]!;
  let start = 0;
  while (core[start] === char) start++;
  let end = core.length;
  while (end > start && core[end - 1] === char) end--;
  const before = lead || (PUNCTUATION.test(core[start] ?? char) ? GAP_BEFORE : "");
  // A backslash before the run escapes its first marker: the run then follows punctuation.
  const after = trail || (PUNCTUATION.test(core[end - 1] ?? char) ? GAP_AFTER : "");
  return `${before}${marker}${core}${marker}${after}`;
}

const PUNCTUATION = /[\p{P}\p{S}]/u;

/**
 * Inline markdown written part by part (a text, an element's markup), one emphasis where a part's
 * closes as the next part's opens with the same marker: bold text split across elements that are not
 * siblings (`<b>S</b><span><strong>pecific</strong></span>`) would read `**S****pecific**`, which
 * markdown shows with its asterisks; joined it is `**Specific**`. Only a marker standing alone joins:
 * not one within a longer run (`***`: emphasis closing inside emphasis), nor an escaped one (`\*`).
 * A join trims only the part before it, once: a page of a hundred thousand such parts costs linear time.
 */
export class InlineText {
  /** All but the last part, then the last part: only the last is ever trimmed. */
  private head = "";
  private last = "";

  add(text: string): void {
    if (!text) return;
    // Most parts are words: only a part opening with a marker's character is looked at.
    const first = text.charCodeAt(0);
    if (first === 0x2a || first === 0x7e) {
      const marker = joiningMarker(this.last, text);
      if (marker) {
        this.last = this.last.slice(0, -marker.length);
        text = text.slice(marker.length);
      }
    }
    this.head += this.last;
    this.last = text;
  }

  toString(): string {
    return this.head + this.last;
  }
}

const JOINED_MARKERS = ["**", "~~", "*"];

/** The marker that closes `left` and opens `right`, each standing alone, if one does. */
function joiningMarker(left: string, right: string): string | undefined {
  return JOINED_MARKERS.find(
    (marker) =>
      left.endsWith(marker) &&
      right.startsWith(marker) &&
      !continuesRun(left, left.length - marker.length, marker[0]!) &&
      right[marker.length] !== marker[0],
  );
}

/** Whether the character before `at` in `text` is `char` or a backslash (a longer run, or an escape). */
function continuesRun(text: string, at: number, char: string): boolean {
  const before = text[at - 1];
  return before === char || before === "\\";
}

/**
 * A link to `href` around the rendered `inner`: whitespace moved outside the brackets, the text on one
 * line, the `title` attribute kept when it says more than the text. A link with neither text nor
 * image says nothing and is left out (its spacing kept).
 */
export function linked(inner: string, href: string, titleAttr: string | null): string {
  const [lead, core, trail] = splitEdges(inner.replace(/\uE000/g, " "), SPACE);
  const text = singleLine(core);
  if (!text) return lead || trail ? " " : "";
  const title = singleLine(collapseWhitespace(titleAttr ?? ""));
  return `${lead}[${text}](${href}${titlePart(title, text)})${trail}`;
}

const SPACE = /\s/;
const SPACE_OR_MARKER = /[\s\uE000-\uE002]/;

/**
 * `text` as its leading run of `space` characters, what lies between, and its trailing run. Read a
 * character at a time: a pattern such as `^(\s*)([\s\S]*?)(\s*)$` rescans a long inner run of spaces
 * once per character before it, seconds on a hostile page.
 */
function splitEdges(text: string, space: RegExp): [string, string, string] {
  let start = 0;
  while (start < text.length && space.test(text[start]!)) start++;
  let end = text.length;
  while (end > start && space.test(text[end - 1]!)) end--;
  return [text.slice(0, start), text.slice(start, end), text.slice(end)];
}

/** An image absolute against `base`, or "" when it has no usable address or is a tracking pixel. */
export function imageMarkup(img: LightElement, base: URL | null): string {
  const url = resolveImage(imageSource(img), base);
  if (!url) return "";
  const width = img.attr("width");
  const height = img.attr("height");
  if (width !== null && height !== null && parseFloat(width) <= 1 && parseFloat(height) <= 1) return "";
  const alt = escapeText(singleLine(collapseWhitespace(img.attr("alt") ?? "")), true, true);
  const title = singleLine(collapseWhitespace(img.attr("title") ?? ""));
  return `![${alt}](${url}${titlePart(title, alt)})`;
}

function titlePart(title: string, text: string): string {
  return title && title !== text ? ` "${title.replace(/["\\]/g, "\\$&")}"` : "";
}
