/**
 * An author's bio without a telling name (hashed class names, a page builder's widgets): a short block
 * that links to the author's page (`/author/rebecca-norris`, `rel="author"`) and holds a paragraph about
 * the person that link names ("Rebecca Norris is a freelance writer…"). A byline has the link but no such
 * paragraph; a list of posts has a link per card but its excerpts are about the posts, and a page of
 * several such boxes (a team, a list of contributors) is their subject, so only one or two go.
 */
import { descendantsByTag, removeNode, type LightElement } from "../dom/light-dom.js";

/** A link to an author's own page. */
const AUTHOR_HREF = /\/(?:author|authors|writer|writers|contributor|contributors)\/[^/?#]+/i;

/** The most text a bio box may have (a name, a title, a few sentences, links to profiles). */
const MAX_BIO_BOX = 800;

/** Text in the box besides the bio: the name, a title, "Full bio", links to profiles. */
const MAX_TRIMMINGS = 200;

/** A paragraph of at least this much text is about the person, not just their name and title. */
const MIN_BIO_PARAGRAPH = 80;

/** More boxes than this on one page are what the page lists. */
const MAX_BOXES = 2;

export function removeAuthorBios(root: LightElement): void {
  const boxes = new Set<LightElement>();
  for (const link of descendantsByTag(root, "a")) {
    const rel = (link.attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("author") && !AUTHOR_HREF.test(link.attrs.get("href") ?? "")) continue;
    const names = link.textContent
      .replace(/^\s*(?:by|written by)\s+/i, "")
      .split(/[^\p{L}'’-]+/u)
      .filter((part) => part.length >= 3);
    if (!names.length || names.length > 4) continue;
    for (let box = link.parent; box && box !== root && box.stats.nonSpace <= MAX_BIO_BOX; box = box.parent) {
      const bio = descendantsByTag(box, "p").find((p) => isBioOf(p, names));
      if (!bio) continue;
      // The box is the bio and its trimmings; more than that is the story around a byline.
      if (box.stats.nonSpace - bio.stats.nonSpace <= MAX_TRIMMINGS) boxes.add(box);
      break;
    }
  }
  // Outermost only: a box inside another goes with it.
  const outermost = [...boxes].filter((box) => !hasAncestorIn(box, boxes));
  if (outermost.length > MAX_BOXES) return;
  for (const box of outermost) removeNode(box);
}

function isBioOf(p: LightElement, names: readonly string[]): boolean {
  if (p.stats.nonSpace < MIN_BIO_PARAGRAPH) return false;
  const text = p.textContent;
  return names.some((name) => new RegExp(`(?:^|[^\\p{L}])${escape(name)}(?:$|[^\\p{L}])`, "u").test(text));
}

function hasAncestorIn(el: LightElement, set: ReadonlySet<LightElement>): boolean {
  for (let parent = el.parent; parent; parent = parent.parent) if (set.has(parent)) return true;
  return false;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
