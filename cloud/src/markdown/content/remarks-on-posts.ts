/**
 * Remarks on a post: on a question-and-answer page, the short comments readers attach under the
 * question and under each answer ("Does this work on Windows 10?", "Thanks, that fixed it"). The page
 * is the question and its answers; the remarks are talk about them, as an article's comments are. The
 * page says which is which in schema.org microdata: a `Comment` scope inside a `Question` or `Answer`.
 * Forum replies are posts of their own (`Comment`s of a `DiscussionForumPosting`), and stay.
 */
import { removeNode, type LightElement } from "../dom/light-dom.js";
import { schemaTypes, type Thing } from "./structured-data.js";

const POST_TYPES = new Set(["Question", "Answer"]);

/** Removes the microdata `Comment`s that sit inside a `Question` or an `Answer`. */
export function removeRemarksOnPosts(things: readonly Thing[]): void {
  for (const thing of things) {
    const el = thing.element;
    if (!el || !thing.types.includes("Comment") || !insidePost(el)) continue;
    removeNode(el);
  }
}

function insidePost(el: LightElement): boolean {
  for (let parent = el.parent; parent; parent = parent.parent) {
    if (!parent.attrs.has("itemscope")) continue;
    if (schemaTypes(parent.attr("itemtype")).some((type) => POST_TYPES.has(type))) return true;
  }
  return false;
}
