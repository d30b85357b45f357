/**
 * Blocks drawn twice for other screen sizes shown once, as the renderer adds them: a heading or line
 * drawn for desktop and for mobile, a carousel's cloned image, a caption repeating its image's alt text.
 */
import { HEADING_BLOCK, LINK_TARGETS } from "./markdown-text.js";

/** Elements that are one block of their own (not a container of others). */
export const OWN_BLOCKS = new Set([
  "h1", "h2", "h3", "h4", "h5", "h6", "p", "pre", "ul", "ol", "dl", "blockquote", "table", "hr", "li", "dt", "dd",
]); // prettier-ignore

/** Longer than this, a block repeated at once is a paragraph, kept. */
const MAX_REPEATED_LINE = 200;

/**
 * An image alone in its block (or alone in a link): its alt text and address. What follows the address
 * (a title) starts with a space, so that no character could be read as either: otherwise a block of many
 * images is tried at every split of every address, and a gallery costs milliseconds.
 */
const IMAGE_BLOCK = /^(\[?)!\[((?:[^\]\\]|\\.)*)\]\(([^)\s]+)(?:\s[^)]*)?\)(\]\([^)]*\))?$/;

/** Which copies of the block before it a block may be: any block, an image only, or none. */
export type Copies = "all" | "images" | "none";

/**
 * Adds a block, once. The first block of a container may be a copy of the block before it drawn in
 * another container, and goes: a heading or line drawn for desktop and for mobile (when the container
 * holds blocks: a `<div>` of inline text is a paragraph), an image drawn twice (a carousel's clone).
 * Blocks side by side in one container are the author's, and stay. A caption repeating the image's alt text shows once, as the caption (the alt goes).
 */
export function pushBlock(out: string[], block: string, copies: Copies = "none"): void {
  const previous = out[out.length - 1];
  // The same heading or line again at once, from another container: a title, price or date drawn for
  // desktop and for mobile. Not a paragraph: a text may repeat itself (measured: the Readability
  // corpus keeps repeated ones).
  if (
    copies === "all" &&
    block === previous &&
    (block.length <= MAX_REPEATED_LINE || HEADING_BLOCK.test(block))
  )
    return;
  const image = previous !== undefined ? imageBlock(previous) : null;
  if (image) {
    const next = imageBlock(block);
    if (copies !== "none" && next && next[3] === image[3]) {
      // The same picture again: the copy with alt text stays.
      if (!image[2] && next[2]) out[out.length - 1] = block;
      return;
    }
    const alt = image[2]!;
    if (alt && readText(block) === readText(alt)) {
      out[out.length - 1] = previous!.replace(`![${alt}]`, "![]");
    }
  }
  out.push(block);
}

/** The parts of an image alone in its block; a block that does not start as one is not read through. */
function imageBlock(block: string): RegExpExecArray | null {
  return block.startsWith("![") || block.startsWith("[![") ? IMAGE_BLOCK.exec(block) : null;
}

/** What a reader reads of a line of markdown: escapes, emphasis and link addresses gone. */
export function readText(markdown: string): string {
  return markdown
    .replace(LINK_TARGETS, "")
    .replace(/\\(.)/g, "$1")
    .replace(/[[\]*_`]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}
