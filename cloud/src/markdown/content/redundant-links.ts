/**
 * Links that only repeat another link's target under a stock label: an item card's "Read more",
 * "Learn more", "Book now" or "View details" beside the item's named title link. The reader already has
 * the title and its link, and the label, shown once per card, is the page's furniture, not its text.
 */
import { descendantsByTag, forEachDescendant, removeNodes, type LightElement } from "../dom/light-dom.js";

/** A stock label is short: a longer link text says something of its own. */
const MAX_LABEL_WORDS = 3;
/** Past this many characters a link's text is never a label, and is not read (see linkTexts). */
const MAX_LABEL_CHARS = 300;
/**
 * Stands for the text of a link too long to be a label: a name of its own. It starts with a NUL, which
 * the parser drops from every text, so no link's real text equals it.
 */
const LONG_TEXT = "\u0000long";
/** A label the page shows at least this often is a card's button, not a sentence's link. */
const MIN_LABEL_COPIES = 3;

/**
 * Removes the links below `root` whose short label repeats on the page while their target is also
 * another link's under a text of its own (a title, not another stock label).
 */
export function removeRedundantLinks(root: LightElement): void {
  const links = descendantsByTag(root, "a");
  const texts = linkTexts(links);
  const textsByHref = new Map<string, Set<string>>();
  const copies = new Map<string, number>();
  const labelled: { link: LightElement; href: string; text: string }[] = [];
  for (const link of links) {
    const href = link.attr("href")?.trim();
    if (!href || href.startsWith("#") || href.startsWith("javascript:")) continue;
    const text = texts.get(link)!.trim().toLowerCase();
    let hrefTexts = textsByHref.get(href);
    if (!hrefTexts) textsByHref.set(href, (hrefTexts = new Set()));
    hrefTexts.add(text);
    if (!text || text === LONG_TEXT || text.split(" ").length > MAX_LABEL_WORDS) continue;
    copies.set(text, (copies.get(text) ?? 0) + 1);
    labelled.push({ link, href, text });
  }
  const doomed: LightElement[] = [];
  for (const { link, href, text } of labelled) {
    if ((copies.get(text) ?? 0) < MIN_LABEL_COPIES) continue;
    const named = [...(textsByHref.get(href) ?? [])].some(
      (other) => other && other !== text && (copies.get(other) ?? 0) < MIN_LABEL_COPIES,
    );
    if (named) doomed.push(link);
  }
  removeNodes(doomed);
}

/**
 * Each link's text, whitespace collapsed; LONG_TEXT for one too long to be a label. A browser never nests
 * one link in another (a new `<a>` closes the open one), but the parser keeps a page's unclosed `<a>`
 * tags open, each inside the one before: read whole, every link would read the rest of the page again.
 * So the innermost are read first, and a link's text is built from the texts of the links it holds.
 */
function linkTexts(links: readonly LightElement[]): Map<LightElement, string> {
  const texts = new Map<LightElement, string>();
  // Document order puts a link before the links it holds.
  for (let i = links.length - 1; i >= 0; i--) {
    const link = links[i]!;
    if (link.stats.nonSpace > MAX_LABEL_CHARS) {
      texts.set(link, LONG_TEXT);
      continue;
    }
    const parts: string[] = [];
    forEachDescendant(link, (node) => {
      if (node.type === "text") parts.push(node.data);
      else if (node.tag === "a" && texts.has(node)) {
        parts.push(texts.get(node)!);
        return false;
      }
      return true;
    });
    texts.set(link, parts.join("").replace(/\s+/g, " "));
  }
  return texts;
}
