/**
 * The lines a shop prints on every product page around the product: its standing shipping offer ("Free
 * shipping on orders over $75"), its wishlist buttons, a "View full details" link, and the summary of the
 * buyers' reviews ("Rated 4.80 out of 5 based on 5 customer ratings", "369 Reviews"), whose reviews go
 * with the rest of what others say of the product (see boilerplate.ts, related-sections.ts). They are
 * about the shop and its buyers, not the product: measured on WCXB's product pages, the references
 * leave them out on 19 pages and keep them on 2. Only on product pages: a collection's cards show their
 * ratings and offers as each item's facts.
 */
import { forEachDescendant, removeNodes, type LightElement } from "../dom/light-dom.js";
import { isLeafBlock } from "./content-mass.js";

/** A prompt is one short line; a longer block that mentions shipping is the product's own terms. */
const MAX_PROMPT_CHARS = 120;

const SHOP_PROMPT = new RegExp(
  "^(?:" +
    [
      // The shop's shipping offer, with its threshold or scope.
      "free (?:standard |express |uk |us |domestic )?(?:shipping|delivery)\\b.{0,60}\\b(?:over|above|orders?)\\b.{0,40}",
      // Wishlist buttons and links.
      "(?:add to|view|save to|added to) (?:my |your )?wish ?list\\b.{0,40}",
      "wish ?list",
      // A link to the page itself, from a quick view.
      "(?:view|see) (?:full )?details",
      // The summary of the buyers' reviews.
      "(?:rated )?\\d(?:[.,]\\d+)? (?:out )?of 5(?: stars?)?(?: based on [\\d,.]+ (?:customer )?(?:ratings?|reviews?))?",
      "\\(?[\\d,.]+ (?:customer |product |verified )?(?:reviews?|ratings?)\\)?",
    ].join("|") +
    ")\\s*[.!]?$",
  "i",
);

/** Removes the shop's prompts below `region` (a product page's content). */
export function removeShopPrompts(region: LightElement): void {
  const doomed: LightElement[] = [];
  forEachDescendant(region, (node) => {
    if (node.type === "text") return false;
    if (!isLeafBlock(node)) return true;
    // A line as a reader sees it: tested once, never read again below.
    if (
      node.stats.nonSpace <= MAX_PROMPT_CHARS &&
      SHOP_PROMPT.test(node.textContent.replace(/\s+/g, " ").trim())
    )
      doomed.push(node);
    return false;
  });
  removeNodes(doomed);
}
