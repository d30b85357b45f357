/**
 * Whether an item of a repeated group outside the page's prose core reads as a teaser. A teaser stands
 * for another page (a related story, a latest post, another product) and links to it; a card that links
 * nowhere (a landing page's feature grid, a service's benefits, a plan's facts) is the page's own text
 * laid out in a grid, whatever its size next to the page's longest prose.
 */
import { descendantsByTag, type LightElement } from "../dom/light-dom.js";

/** Whether `item` (or a link inside it) leads to another address. */
export function leadsElsewhere(item: LightElement): boolean {
  if (isLink(item)) return true;
  return descendantsByTag(item, "a").some(isLink);
}

/** Whether `el` is a link with an address. */
export function isLink(el: LightElement): boolean {
  return el.tag === "a" && (el.attr("href") ?? "").trim() !== "";
}
