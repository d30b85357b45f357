/**
 * The buttons an article's roundup puts under each product it recommends — "Check price at Amazon",
 * "See it at REI", "View deal on Best Buy", "$9.49 at CrateJoy" — lead to the shops that pay the site
 * for the sale: the same few words under every pick, about where to buy, not about the product. Told by
 * a link's whole text, on a line of its own; a sentence that names a shop ("I bought mine at REI"), or a
 * link in one, stays. On articles only: on a shop's or a collection's page the
 * offers are the page's facts.
 */
import { descendantsByTag, removeNodes, type LightElement } from "../dom/light-dom.js";
import { INLINE_TAGS } from "./content-mass.js";

const PRICE_BUTTON = new RegExp(
  "^(?:" +
    [
      "(?:check|see|view|compare|get) (?:the |latest |today's )?(?:price|prices|deal|deals|availability|it|offer)s? (?:at|on|from)",
      "buy (?:it |now |one )?(?:at|on|from)",
      "shop (?:it |now )?(?:at|on)",
      "\\$[\\d,.]+ (?:at|from|on)",
    ].join("|") +
    ") [\\p{L}\\p{N}&'’. -]{2,40}(?: \\(on sale!?\\))?$",
  "iu",
);

/** Longer than any button's words and shop name. */
const MAX_BUTTON_CHARS = 60;

/**
 * More buttons than any roundup has (a few dozen): past these a page built to hold thousands side by side
 * keeps the rest, and finding each one's place among its siblings stays cheap.
 */
const MAX_BUTTONS = 500;

/** Removes below `root` the links to buy elsewhere that stand on a line of their own. */
export function removePriceButtons(root: LightElement): void {
  const doomed = new Set<LightElement>();
  for (const link of descendantsByTag(root, "a")) {
    const chars = link.stats.nonSpace;
    if (chars > MAX_BUTTON_CHARS || !PRICE_BUTTON.test(link.textContent.replace(/\s+/g, " ").trim()))
      continue;
    // The button: the link with the wrappers that hold nothing else.
    let button = link;
    while (button.parent && button.parent !== root && button.parent.stats.nonSpace === chars)
      button = button.parent;
    if (standsAlone(button)) doomed.add(button);
    if (doomed.size >= MAX_BUTTONS) break;
  }
  removeNodes(doomed);
}

/** Whether no text of its line runs on beside the element: its neighbours are blocks, or nothing. */
function standsAlone(el: LightElement): boolean {
  const siblings = el.parent?.children ?? [];
  const at = siblings.indexOf(el);
  for (const step of [-1, 1]) {
    for (let i = at + step; i >= 0 && i < siblings.length; i += step) {
      const sibling = siblings[i]!;
      if (sibling.type === "text" ? !sibling.data.trim() : sibling.stats.nonSpace === 0) continue;
      if (sibling.type === "text" || INLINE_TAGS.has(sibling.tag)) return false;
      break;
    }
  }
  return true;
}
