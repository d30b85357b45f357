/**
 * A picture the markdown already shows, shown again on a line of pictures alone: a gallery's thumbnail
 * strip under its slides (the same files at 100 pixels wide instead of 500), a product card's hover
 * image drawn twice, a logo in the header and again above the footer. The copy says nothing new and a
 * model reading the markdown pays for every address (on WCXB's pages, 244,000 characters of them, 1.1%
 * of their markdown; a product page's gallery 26,000 of its 58,000). A picture inside text or a table
 * stays wherever it repeats: there an icon says something each time (a check mark in each row that has
 * the feature, a smiley in a post). Code is never touched.
 */
import { IMAGE_ADDRESS, IMAGE_OR_LINKED_IMAGE } from "./markdown-text.js";

/** A line's list marker or quote prefix, kept when the line is read for its pictures. */
const LINE_PREFIX = /^(?:\s*(?:>\s*)*(?:[-*+]|\d{1,9}[.)])\s+|\s*(?:>\s*)+)?/;
/** A code fence (as code-blocks.ts writes them) opening or closing a line, after its prefix. */
const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * The parts of an image's address that say how large it is drawn, not which picture it is: a path
 * segment or file-name part such as `500w`, `1920x1080` or `w_640`, and query parameters for width,
 * height, pixel density, quality and cropping.
 */
const SIZE_PART = /(?<=[/._,-])(?:\d{1,4}(?:w|px)|\d{1,4}x\d{1,4}|[wh]_\d{1,4})(?=[/._,-]|$)/gi;
const SIZE_PARAMS = new Set(["w", "h", "width", "height", "dpr", "q", "quality", "fit", "crop", "resize"]);

/**
 * Removes from `blocks` each picture on a line of pictures alone (a link around one counts as the
 * picture) that an earlier block or line already showed, by its address less its size; a line left
 * empty goes, and so does a block. A list item that has items nested under it keeps its line.
 */
export function dropRepeatedImages(blocks: string[]): void {
  const shown = new Set<string>();
  // A page may draw one picture thousands of times (a rating's star); its address is read once.
  const keys = new Map<string, string>();
  const keyOf = (markdown: string) => {
    let key = keys.get(markdown);
    if (key === undefined) keys.set(markdown, (key = pictureKey(markdown)));
    return key;
  };
  let kept = 0;
  for (const block of blocks) {
    // Most blocks hold no picture: they are kept without being read line by line.
    if (!block.includes("![")) {
      blocks[kept++] = block;
      continue;
    }
    const lines = block.split("\n");
    const out: string[] = [];
    // Which lines of `out` are code, which the blank lines left by a dropped picture never touch.
    const code = new Set<number>();
    // The fence of the code block being read, if any: code is the page's text, kept as it is.
    let fence: string | undefined;
    lines.forEach((line, i) => {
      const prefix = LINE_PREFIX.exec(line)![0];
      const body = line.slice(prefix.length);
      const opensOrCloses = FENCE.exec(body)?.[1];
      if (fence !== undefined || opensOrCloses) {
        if (fence === undefined) fence = opensOrCloses;
        else if (opensOrCloses?.startsWith(fence)) fence = undefined;
        code.add(out.length);
        out.push(line);
        return;
      }
      if (!body.includes("![")) {
        out.push(line);
        return;
      }
      const pictures = [...body.matchAll(IMAGE_OR_LINKED_IMAGE)];
      const alone = pictures.length > 0 && !body.replace(IMAGE_OR_LINKED_IMAGE, "").trim();
      if (!alone) {
        // Shown here, unless the line holds code: its `![logo](logo.png)` may be markup written out.
        if (!body.includes("`")) for (const picture of pictures) shown.add(keyOf(picture[0]));
        out.push(line);
        return;
      }
      const fresh = pictures.filter((picture) => {
        const key = keyOf(picture[0]);
        if (shown.has(key)) return false;
        shown.add(key);
        return true;
      });
      if (fresh.length === pictures.length) out.push(line);
      else if (fresh.length) out.push(prefix + fresh.map((picture) => picture[0]).join(" "));
      else if (prefix && indentOf(lines[i + 1]) > indentOf(line)) out.push(prefix.trimEnd());
    });
    const text = withoutExtraBlankLines(out, code);
    if (text) blocks[kept++] = text;
  }
  blocks.length = kept;
}

/**
 * The block's lines joined, without the blank lines a dropped picture leaves: one where two meet (the
 * blank lines that stood before and after it, in a list item or a quote too), any at the block's ends.
 * Outside code a block never has two blank lines in a row, so only those are touched.
 */
function withoutExtraBlankLines(lines: readonly string[], code: ReadonlySet<number>): string {
  const kept: string[] = [];
  let lastBlank = true;
  lines.forEach((line, i) => {
    const blank = !code.has(i) && BLANK_LINE.test(line);
    if (blank && lastBlank) return;
    kept.push(line);
    lastBlank = blank;
  });
  if (lastBlank) kept.pop();
  return kept.join("\n");
}

/** A line with nothing but a quote's prefix, if that. */
const BLANK_LINE = /^[\s>]*$/;

/** Which picture an image's markdown shows: its address without the parts that only size it. */
export function pictureKey(markdown: string): string {
  const address = IMAGE_ADDRESS.exec(markdown)?.[2] ?? markdown;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address;
  }
  for (const name of [...url.searchParams.keys()])
    if (SIZE_PARAMS.has(name.toLowerCase())) url.searchParams.delete(name);
  url.pathname = url.pathname.replace(SIZE_PART, "");
  url.hash = "";
  return url.href;
}

function indentOf(line: string | undefined): number {
  return line === undefined ? -1 : line.length - line.trimStart().length;
}
