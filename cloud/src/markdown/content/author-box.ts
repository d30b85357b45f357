/**
 * An author's box: who wrote the story (a name, a photo, a few sentences about them, links to their
 * other stories), under or beside it. It is about the writer, not the page, and its sentences read like
 * the story's, so only its markup tells it: a class name or id where "author" is followed by a word for a
 * box (`author-box`, `authorCard`, `author__info`) or comes after "about" (`about-the-author`), or a block
 * that schema.org microdata marks as the page's author. A lone `author` is left alone (it names a byline's
 * link as often as a box), and so are a card's `authors` (`paper-card_authors`: the item's own names).
 */
import type { LightElement } from "../dom/light-dom.js";

/** Words after "author" that make it name a box about the author rather than the author's name. */
const BOX_WORDS = new Set([
  "about",
  "bio",
  "box",
  "card",
  "info",
  "description",
  "desc",
  "details",
  "detail",
  "section",
  "block",
  "container",
  "profile",
]);

/** The same pairs written as one word. */
const COMPOUNDS = new Set([
  "authorbox",
  "authorbio",
  "authorinfo",
  "authorcard",
  "aboutauthor",
  "authorprofile",
]);

/** Microdata's author on a block (not on the name's link or span in a byline). */
const BLOCK_TAGS = new Set(["div", "section", "aside"]);

/** A box about the author holds this much text; less is a name (a book's author in a list, a byline). */
const MIN_BIO_CHARS = 100;

/** Whether the element is an author's box by its own markup; `names` are its class names' and id's words. */
export function isAuthorBox(el: LightElement, names: readonly (readonly string[])[]): boolean {
  if (el.stats.nonSpace < MIN_BIO_CHARS) return false;
  if (BLOCK_TAGS.has(el.tag) && (el.attrs.get("itemprop") ?? "").trim().toLowerCase() === "author")
    return true;
  for (const words of names) {
    if (words.some((word) => COMPOUNDS.has(word))) return true;
    const at = words.indexOf("author");
    if (at < 0) continue;
    if (words.slice(at + 1).some((word) => BOX_WORDS.has(word)) || words.slice(0, at).includes("about"))
      return true;
  }
  return false;
}
