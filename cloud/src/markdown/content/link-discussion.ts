/**
 * A link shared for discussion — a link aggregator's thread, a story that is only a headline: the page's
 * own text is a link and a line or two, and its comments hold the rest. There the comments are the page,
 * as a forum's posts are; under an article they are furniture (see boilerplate.ts).
 */
import { forEachDescendant, type LightElement } from "../dom/light-dom.js";
import { DISCUSSION_WORDS, nameWords } from "./name-words.js";
import { INLINE_TAGS } from "./content-mass.js";

/** Less than this is a thread's opening link and a few words, not a story (a paragraph runs longer). */
const MAX_STORY_CHARS = 300;
/**
 * A page that marks up three or more of its parts as schema.org `Comment`s (a forum theme's replies
 * under a post it declares an `Article`) may open with a question of a few paragraphs: under this
 * much, and four times outweighed by its comments, the post is a thread's first post and the comments
 * its replies (measured on WCXB: no article page with such markup comes near; articles without it whose
 * text sits in lists and short blocks do, so the markup is required).
 */
const MAX_MARKED_STORY_CHARS = 2000;
const MIN_MARKED_COMMENT_RATIO = 4;
/** Comments this long are a discussion, not a reader's note under a link. */
const MIN_COMMENT_CHARS = 2000;
/** Text shorter than this in one element is a label, a date, a button: not the story's. */
const MIN_BLOCK_CHARS = 80;

/**
 * Whether the page under `root` is a shared link whose comments are its content. With `markedComments`
 * (the page marks up three or more schema.org `Comment`s), a short post under a far longer discussion
 * is a thread too.
 */
export function isLinkDiscussion(root: LightElement, markedComments = false): boolean {
  let comments = 0;
  let story = 0;
  // Past this much story the page is no thread, whatever its comments: the walk stops reading there
  // (most pages are articles, and this runs on every page).
  const storyLimit = markedComments ? MAX_MARKED_STORY_CHARS : MAX_STORY_CHARS;
  forEachDescendant(root, (node) => {
    if (node.type === "text" || story >= storyLimit) return false;
    if (node.tag === "script" || node.tag === "style" || node.tag === "a") return false;
    if (nameWords(node).some((words) => words.some((word) => DISCUSSION_WORDS.has(word)))) {
      comments += node.stats.nonSpace;
      return false;
    }
    // The element's own text: its text and inline formatting, not its links or blocks.
    let own = 0;
    for (const child of node.children)
      if (child.type === "text" || (INLINE_TAGS.has(child.tag) && child.tag !== "a"))
        own += child.stats.nonSpace;
    if (own >= MIN_BLOCK_CHARS) story += own;
    return true;
  });
  if (comments < MIN_COMMENT_CHARS) return false;
  if (story < MAX_STORY_CHARS) return true;
  return markedComments && story < MAX_MARKED_STORY_CHARS && comments >= story * MIN_MARKED_COMMENT_RATIO;
}
