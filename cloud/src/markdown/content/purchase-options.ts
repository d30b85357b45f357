/**
 * A product's purchase options laid out as a grid: its variants with their prices (one row per colour
 * and size), its protection plans, its delivery choices, the same blender offered by other sellers.
 * They link nowhere, so they do not read as teasers (see teasers.ts), yet they are the shop's order
 * form, not what the page says of the product. What tells them apart from a landing page's link-less
 * feature grid is that half their items or more show a price.
 */
import type { LightElement } from "../dom/light-dom.js";
import type { ItemGroup } from "./repeated-items.js";

/** A price: a currency sign or code next to a number, in either order. */
const PRICE = /[$€£¥₹]\s?\d|\d(?:[.,]\d{2})?\s?(?:€|zł|kr|лв|Kč|₽)|\b(?:USD|EUR|GBP|CAD|AUD|CHF)\s?\d/;

/** The share of a group's items that show a price for the group to be purchase options. */
const PRICED_SHARE = 0.5;

/** The items of the groups that read as a product's purchase options. */
export function purchaseOptionItems(groups: readonly ItemGroup[]): Set<LightElement> {
  const options = new Set<LightElement>();
  for (const group of groups) {
    const priced = group.items.filter((item) => PRICE.test(item.textContent)).length;
    if (priced >= group.items.length * PRICED_SHARE) for (const item of group.items) options.add(item);
  }
  return options;
}
