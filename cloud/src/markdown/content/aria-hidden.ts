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

/**
 * Whether an element is hidden from screen readers only and shows content a sighted reader sees: a test
 * for one pass over a tree that does not change meanwhile, which looks up once per parent whether the
 * parent holds text for screen readers (a page of 40,000 `aria-hidden` icons side by side looked among
 * their siblings once each: minutes).
 */
export function shownDespiteAriaHidden(): (el: LightElement) => boolean {
  // An element beside text for screen readers only is the visible form of what that text spells out: a
  // shop's sale price is `<del aria-hidden>$30</del>` and `<ins aria-hidden>$21</ins>`, each followed by
  // a `screen-reader-text` "Original price was: $30" — the sighted reader's prices, which the page would
  // lose with both forms hidden. The screen-reader text goes as furniture (see boilerplate.ts).
  const holdsScreenReaderText = new Map<LightElement, boolean>();
  const isScreenReaderTwin = (el: LightElement) => {
    const parent = el.parent;
    if (!parent) return false;
    let holds = holdsScreenReaderText.get(parent);
    if (holds === undefined) {
      holds = parent.elementChildren.some((sibling) => hasClassIn(sibling, SCREEN_READER_CLASSES));
      holdsScreenReaderText.set(parent, holds);
    }
    return holds;
  };
  return (el) =>
    el.attr("aria-hidden") === "true" &&
    !isHiddenFromSight(el) &&
    (isDuplicateLink(el) || isScreenReaderTwin(el));
}

/**
 * A link also out of the tab order (`tabindex="-1"`): a card's picture or summary linking again where
 * its title links, hidden so a screen reader does not read the same link twice. Its text is the card's.
 */
function isDuplicateLink(el: LightElement): boolean {
  return el.tag === "a" && el.attr("tabindex") === "-1";
}
