/**
 * The controls a grid of results shows around its items: how many results there are ("Showing 24 of
 * 514 results", "1,072 results", "loaded 338 results", "Viewing page 1 of 9"), how they are sorted
 * ("Sort by: Best Selling", "Sort: Best Match"), the filters applied ("Filters (1)", "1 filter
 * applied", "Clear all filters") and the button that fetches more ("Show more", "Load more"). They
 * speak of the list, not of any item in it, and WCXB's references of collection and listing pages
 * leave them out (measured on the dev split: 9 such lines kept, 100 left out). Told by the whole text
 * of a short leaf block, so a sentence that mentions results or sorting stays.
 */
import { forEachDescendant, removeNodes, type LightElement } from "../dom/light-dom.js";
import { INLINE_TAGS, isLeafBlock } from "./content-mass.js";

/** A control's label is short; a longer block that matches is someone's sentence. */
const MAX_CONTROL_WORDS = 8;
/** Longer than any control's label: its text is not read. */
const MAX_CONTROL_CHARS = 80;

const NUMBER = String.raw`\d[\d,.]*`;
const CONTROL_PATTERNS: readonly RegExp[] = [
  // Result counts: "1,072 results", "Showing 1 - 24 of 514 products", "3953 items found".
  new RegExp(
    String.raw`^(?:(?:showing|displaying|viewing|loaded)(?: all)? )?${NUMBER}(?: ?[-–] ?${NUMBER})?` +
      String.raw`(?: (?:of|out of) ${NUMBER})? (?:results?|items?|products?|listings?|matches)(?: found)?\.?$`,
  ),
  // Where the reader is in the list: "Viewing page 1 of 9", "Page 2 of 12".
  new RegExp(String.raw`^(?:viewing |showing )?page ${NUMBER} of ${NUMBER}$`),
  // The sort control, with or without its current choice: "Sort by", "Sort: Best Match".
  /^sort(?:ed)?(?: by)?(?: ?[:|]|$)/,
  // The filter panel's toggles: "Filters (1)", "Filter & Sort", "1 filter applied", "Clear all filters".
  /^(?:filters?|filter (?:&|and) sort|clear(?: all)? filters?)(?: \(\d+\))?$/,
  /^\d+ filters? applied$/,
  // The button that fetches the next items.
  /^(?:load|show|view|see) more(?: results| products| items| listings)?$/,
];

/** Whether a block's whole text is one of a result list's controls. */
export function isGridControl(text: string): boolean {
  const line = text.replace(/\s+/g, " ").trim().toLowerCase();
  if (!line || line.split(" ").length > MAX_CONTROL_WORDS) return false;
  return CONTROL_PATTERNS.some((pattern) => pattern.test(line));
}

/** Removes the leaf blocks below `root` whose text is a result list's control. */
export function removeGridControls(root: LightElement): void {
  const controls: LightElement[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "text" || INLINE_TAGS.has(node.tag)) return false;
    if (node.tag === "pre" || node.tag === "table") return false;
    if (!isLeafBlock(node)) return true;
    if (node.stats.nonSpace <= MAX_CONTROL_CHARS && isGridControl(node.textContent)) controls.push(node);
    return false;
  });
  removeNodes(controls);
}
