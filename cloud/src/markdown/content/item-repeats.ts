/**
 * Text a card shows twice: a product card's name on its picture link and again as its title, its price
 * in a mobile and a desktop layout. A reader of the card takes it in once, so the card keeps the
 * first copy. Only inside one card: two cards with the same name or price are two items.
 */
import { removeNodes, type LightElement, type LightNode } from "../dom/light-dom.js";
import { INLINE_TAGS, SELF_REPEATING } from "./content-mass.js";

/**
 * A card's own texts are short: a name, a price, a line of summary. A longer text an item repeats is a
 * section's refrain (each week of a training plan warms up the same way), left to removeRepeatedText.
 */
const MAX_CARD_TEXT_CHARS = 80;

/** Removes, inside each item, the runs of inline text (a block's own text) that repeat an earlier run of the item. */
export function removeRepeatsWithinItems(items: Iterable<LightElement>): void {
  for (const item of items) {
    if (insideSelfRepeating(item)) continue;
    const seen = new Set<string>();
    const repeats: LightNode[][] = [];
    const stack: LightElement[] = [item];
    // Pre-order, children in document order: the first copy is the one the reader meets first.
    while (stack.length) {
      const el = stack.pop()!;
      if (SELF_REPEATING.has(el.tag)) continue;
      const run: LightNode[] = [];
      let chars = 0;
      for (const child of el.children) {
        if (child.type === "text" || INLINE_TAGS.has(child.tag)) {
          run.push(child);
          chars += child.stats.nonSpace;
        }
      }
      // Sized from the cached statistics first: a paragraph's text is not built only to be found long.
      if (chars > 0 && chars < MAX_CARD_TEXT_CHARS) {
        const key = run
          .map((child) => (child.type === "text" ? child.data : child.textContent))
          .join(" ")
          .replace(/\s+/g, " ")
          .trim()
          .toLowerCase();
        if (seen.has(key)) repeats.push(run);
        else seen.add(key);
      }
      for (let i = el.children.length - 1; i >= 0; i--) {
        const child = el.children[i]!;
        if (child.type !== "text" && !INLINE_TAGS.has(child.tag)) stack.push(child);
      }
    }
    removeNodes(repeats.flat());
  }
}

/** Whether the element is (or is inside) a table, code or a formula, whose parts repeat by nature. */
function insideSelfRepeating(el: LightElement): boolean {
  for (let current: LightElement | null = el; current; current = current.parent)
    if (SELF_REPEATING.has(current.tag)) return true;
  return false;
}
