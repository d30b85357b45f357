/**
 * A heading that ends the markdown heads nothing: what it titled was furniture the conversion left out
 * (a "More articles by …" list, a sign-up form under "Ready to start?", a "Sources" block of bare
 * links), and the heading alone is noise for a reader or a model. One at the end goes. A run of
 * headings of one level at the end stays: that is a list the page draws as headings (a grid of cards
 * whose names are headings), not a title left over.
 */
import { HEADING_BLOCK } from "./markdown-text.js";

/** Drops `blocks`' last block when it is a heading after something other than a like heading. */
export function dropDanglingHeading(blocks: string[]): void {
  if (blocks.length < 2) return;
  const level = headingLevel(blocks[blocks.length - 1]!);
  if (level && headingLevel(blocks[blocks.length - 2]!) !== level) blocks.pop();
}

function headingLevel(block: string): number {
  return HEADING_BLOCK.exec(block)?.[1]!.length ?? 0;
}
