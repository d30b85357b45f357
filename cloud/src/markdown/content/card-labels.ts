/**
 * Labels every card of a grid repeats: a badge ("New", "Best seller"), a stock state ("In stock"), a
 * "Compare" box, a "More options" line. Shown once per item they say nothing of any one item. Texts
 * with digits (prices, sizes, dates) are each item's own, even when two items share them.
 *
 * A forum's posts repeat their counters the same way, digits and all: "#12", "Reply 3", "5 likes",
 * "1,234 posts · Joined 2019". There a text counts with its numbers left out, and may be a little
 * longer.
 */
import { forEachDescendant, removeNodes, type LightElement } from "../dom/light-dom.js";
import { INLINE_TAGS, isLeafBlock, SELF_REPEATING } from "./content-mass.js";

/** A label is short: a longer text that repeats is a sentence, left to removeRepeatedText. */
const MAX_LABEL_WORDS = 3;
/** A post's counters run a little longer ("1,234 posts · Joined 2019"). */
const MAX_COUNTER_WORDS = 5;
/** A text shown this often is a card's label; twice may be a heading and its echo. */
const MIN_LABEL_COPIES = 3;

/**
 * Removes the short leaf blocks below `root` whose text, without digits, the region shows three times or
 * more. With `posts` (a forum thread), texts that differ only in their numbers count as the same.
 */
export function removeCardLabels(root: LightElement, posts = false): void {
  const byText = new Map<string, LightElement[]>();
  forEachDescendant(root, (node) => {
    if (node.type === "text" || INLINE_TAGS.has(node.tag)) return false;
    if (SELF_REPEATING.has(node.tag)) return false;
    if (!isLeafBlock(node)) return true;
    // Counted from the text statistics before any text is built: most leaf blocks are paragraphs.
    if (wordCount(node) > (posts ? MAX_COUNTER_WORDS : MAX_LABEL_WORDS)) return false;
    let text = node.textContent.replace(/\s+/g, " ").trim().toLowerCase();
    if (posts) text = text.replace(/\d+/g, "#");
    else if (/\d/.test(text)) return false;
    if (!text || text.split(" ").length > (posts ? MAX_COUNTER_WORDS : MAX_LABEL_WORDS)) return false;
    let copies = byText.get(text);
    if (!copies) byText.set(text, (copies = []));
    copies.push(node);
    return false;
  });
  removeNodes([...byText.values()].filter((copies) => copies.length >= MIN_LABEL_COPIES).flat());
}

/** The words of an element's text: its runs of whitespace inside the text, plus one. */
function wordCount(el: LightElement): number {
  const { nonSpace, spaceRuns, startsWithSpace, endsWithSpace } = el.stats;
  if (!nonSpace) return 0;
  return spaceRuns - (startsWithSpace ? 1 : 0) - (endsWithSpace ? 1 : 0) + 1;
}
