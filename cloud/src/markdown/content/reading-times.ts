/**
 * A story's reading-time line ("11 min read", "March 15, 2022 · 3 min read · By ASU Online") is the
 * template's, printed above every post beside its date and byline, not the post's own text: references
 * leave it out. It is told by its wording in a block of a line's length, so the whole line goes, with
 * the date and byline it carries. Not on list pages, where each card's line is an entry's facts.
 */
import { removeNodes, type LightElement } from "../dom/light-dom.js";
import { forEachShortBlock } from "./short-blocks.js";

const READING_TIME = /\b(?:\d+|x)\s*(?:-\s*)?min(?:ute)?s?\.?\s+read\b|\breading time\b/i;

/** The most text a reading-time line's block may have: longer, it is a paragraph of the post. */
const MAX_LINE_CHARS = 160;

export function removeReadingTimes(root: LightElement): void {
  const doomed = new Set<LightElement>();
  const hasWords = (data: string) => /\bread|reading time/i.test(data);
  forEachShortBlock(root, hasWords, MAX_LINE_CHARS, (block, text) => {
    if (READING_TIME.test(text)) doomed.add(block);
  });
  removeNodes(doomed);
}
