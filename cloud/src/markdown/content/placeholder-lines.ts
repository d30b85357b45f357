/**
 * Lines a page leaves for its scripts, which say nothing to a reader of the markdown: a loading
 * indicator ("Loading…", "Please wait…", a likes widget's "Like Loading…") that a script replaces with
 * content the HTML does not hold, a list's empty state ("No posts", "No comments yet", "No results
 * found") that a script fills, and a collapsed quote's expander ("Click to expand…"), whose quote is
 * whole in the HTML already. Told by the whole text of a short block, so a sentence that mentions
 * loading stays (measured: the empty states, 28 WCXB pages gain, none loses more than 0.0001).
 */
import { removeNodes, type LightElement } from "../dom/light-dom.js";
import { forEachShortBlock } from "./short-blocks.js";

/** The words that make a placeholder, alone in their block (see PLACEHOLDER). */
const PLACEHOLDER_WORDS =
  "loading|please wait|click to expand|no (?:posts|comments|reviews|results|items|articles)";
/** A text node with one of the words: only the blocks around such nodes are read. */
const HAS_PLACEHOLDER_WORDS = new RegExp(`\\b(?:${PLACEHOLDER_WORDS})\\b`, "i");
/**
 * A block's whole text that is a placeholder, with or without its dots: the words, a likes widget's
 * "Like" before them, an empty state's "yet" or "found" after them.
 */
const PLACEHOLDER = new RegExp(`^(?:like )?(?:${PLACEHOLDER_WORDS})(?: yet| found)?\\s*(?:\\.{0,3}|…)$`, "i");

/** Longer than any placeholder's text: a block with more is not read. */
const MAX_PLACEHOLDER_CHARS = 24;

/** Removes the blocks below `root` whose whole text is a script's placeholder. */
export function removePlaceholderLines(root: LightElement): void {
  const doomed = new Set<LightElement>();
  const hasWords = (data: string) => HAS_PLACEHOLDER_WORDS.test(data);
  forEachShortBlock(root, hasWords, MAX_PLACEHOLDER_CHARS, (block, text) => {
    if (PLACEHOLDER.test(text)) doomed.add(block);
  });
  removeNodes(doomed);
}
