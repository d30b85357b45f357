/**
 * Links that only repeat another link's target under a stock label: an item card's "Read more",
 * "Learn more", "Book now" or "View details" beside the item's named title link. The reader already has
 * the title and its link, and the label, shown once per card, is the page's furniture, not its text.
 */
import { descendantsByTag, removeNodes, type LightElement } from "../dom/light-dom.js";

/** A stock label is short: a longer link text says something of its own. */
const MAX_LABEL_WORDS = 3;
/** A label the page shows at least this often is a card's button, not a sentence's link. */
const MIN_LABEL_COPIES = 3;

/**
 * Removes the links below `root` whose short label repeats on the page while their target is also
 * another link's under a text of its own (a title, not another stock label).
 */
export function removeRedundantLinks(root: LightElement): void {
  const links = descendantsByTag(root, "a");
  const textsByHref = new Map<string, Set<string>>();
  const copies = new Map<string, number>();
  const labelled: { link: LightElement; href: string; text: string }[] = [];
  for (const link of links) {
    const href = link.attr("href")?.trim();
    if (!href || href.startsWith("#") || href.startsWith("javascript:")) continue;
    const text = link.textContent.replace(/\s+/g, " ").trim().toLowerCase();
    let texts = textsByHref.get(href);
    if (!texts) textsByHref.set(href, (texts = new Set()));
    texts.add(text);
    if (!text || text.split(" ").length > MAX_LABEL_WORDS) continue;
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
