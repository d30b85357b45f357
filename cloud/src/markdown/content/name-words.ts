/**
 * The words of an element's class names and id, which is how a page says what a part of it is
 * (`post-shareBar_top` → post, share, bar, top), and the words among them that mark a discussion: read
 * both by the furniture rules (boilerplate.ts) and by the thread detection (link-discussion.ts).
 */
import type { LightElement } from "../dom/light-dom.js";

/** Comments and replies are a forum's content; on other pages they are furniture. */
export const DISCUSSION_WORDS = new Set([
  "comment",
  "comments",
  "commentlist",
  "replies",
  "respond",
  "discussion",
]);

/**
 * An id of more words than this is a heading made into an anchor (`sharing-with-a-single-developer`),
 * which says what the section is about, not what part of the page it is.
 */
const MAX_ID_WORDS = 3;

/** The words of each class name and of the id: `post-shareBar_top` → post, share, bar, top. */
export function nameWords(el: LightElement): string[][] {
  const words = (name: string) =>
    name
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  const names = (el.attrs.get("class") ?? "").split(/\s+/).filter(Boolean).map(words);
  const id = words(el.attrs.get("id") ?? "");
  if (id.length && id.length <= MAX_ID_WORDS) names.push(id);
  return names;
}
