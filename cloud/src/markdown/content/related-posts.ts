/**
 * A question-and-answer thread may show, among its own answers, answers to OTHER questions: each such
 * post opens with a bare label ("Related", "Sponsored", "Promoted") and the other question's title, then
 * an answer to it. The label is not a heading (related-sections.ts reads headings), so these posts look
 * like the thread's own. A post is told by that structure alone: the label is the first text of a block
 * that holds much more than it, and the block is the largest one starting with the label below a
 * wrapper of much of the page (the post, not the list of posts).
 */
import {
  firstText,
  forEachDescendant,
  removeNodes,
  type LightElement,
  type LightText,
} from "../dom/light-dom.js";

/** A label that says the block after it is about another page, alone in its leaf. */
const LABEL = /^(?:related|sponsored|promoted)\s*:?$/i;

/** Above this share of the page's text a container is the list of posts, not one post. */
const MAX_SHARE = 0.4;

/** A post is more than its label and a title: at least this many characters (a short answer). */
const MIN_POST_CHARS = 200;

/** Removes the posts below `root` that open with a "Related" / "Sponsored" label. */
export function removeRelatedPosts(root: LightElement): void {
  const total = root.stats.nonSpace || 1;
  const labels: LightText[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "text") {
      if (node.stats.nonSpace > 0 && node.stats.nonSpace <= 10 && LABEL.test(node.data.trim()))
        labels.push(node);
      return false;
    }
    return true;
  });
  const doomed: LightElement[] = [];
  for (const label of labels) {
    // The label alone in its element: a sentence or a link that says "related" is not one.
    const leaf = label.parent;
    if (!leaf || leaf.tag === "a" || leaf.textContent.trim() !== label.data.trim()) continue;
    let post: LightElement | null = null;
    for (let el: LightElement | null = leaf; el && el !== root; el = el.parent) {
      if (firstText(el) !== label || el.stats.nonSpace / total > MAX_SHARE) break;
      post = el;
    }
    if (post && post.stats.nonSpace >= MIN_POST_CHARS) doomed.push(post);
  }
  removeNodes(doomed);
}
