/**
 * `aria-hidden="true"` hides an element from screen readers, not from sight. Readability's rules take it
 * for hidden, which is right for most of what carries it (icon fonts, a carousel's cloned slides,
 * off-canvas menus: measured, showing all of them costs product pages 0.015 F1 on WCXB's dev split), but
 * two kinds are what a sighted reader sees of the page's content, said again for screen readers in
 * another form.
 */
import { hasClassIn, type LightElement } from "../dom/light-dom.js";
import { isHiddenFromSight } from "../article/node-measures.js";
import { SCREEN_READER_CLASSES } from "./boilerplate.js";

/** Whether `el` is hidden from screen readers only and shows content a sighted reader sees. */
export function isShownDespiteAriaHidden(el: LightElement): boolean {
  if (el.attr("aria-hidden") !== "true" || isHiddenFromSight(el)) return false;
  return isDuplicateLink(el) || isScreenReaderTwin(el);
}

/**
 * A link also out of the tab order (`tabindex="-1"`): a card's picture or summary linking again where
 * its title links, hidden so a screen reader does not read the same link twice. Its text is the card's.
 */
function isDuplicateLink(el: LightElement): boolean {
  return el.tag === "a" && el.attr("tabindex") === "-1";
}

/**
 * An element beside text for screen readers only: the visible form of what that text spells out. A
 * shop's sale price is `<del aria-hidden>$30</del>` and `<ins aria-hidden>$21</ins>`, each followed by
 * a `screen-reader-text` "Original price was: $30" — the sighted reader's prices, which the page
 * would lose with both forms hidden. The screen-reader text goes as furniture (see boilerplate.ts).
 */
function isScreenReaderTwin(el: LightElement): boolean {
  return el.parent?.elementChildren.some((sibling) => hasClassIn(sibling, SCREEN_READER_CLASSES)) ?? false;
}
