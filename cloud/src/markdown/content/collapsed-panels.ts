/**
 * Collapsed panels: an accordion's answers, a tab's inactive panels. The page hides them until the
 * reader opens them (`hidden`, `display: none`, `aria-hidden`, a `hidden` class), but they are the
 * page's text — an FAQ's answers, a service's feature tabs, a category's buying guide — not furniture
 * that is never shown. A panel says what it is in ARIA (a control's `aria-controls` names it, or its
 * role is `tabpanel`), in the words of its class names and id, or by its place: right after the button
 * that opens it (the disclosure pattern, a question in a `<button>` and its answer after it).
 */
import { forEachDescendant, previousElementSibling, type LightElement } from "../dom/light-dom.js";
import { nameWords } from "./name-words.js";
import { holdsProse } from "./content-mass.js";

/** Whole words of class names and ids that name a collapsible panel on any site. */
const PANEL_WORDS = new Set([
  "accordion",
  "accordions",
  "collapse",
  "collapsible",
  "collapsed",
  "expandable",
  "faq",
  "faqs",
  "answer",
  "tabpanel",
]);

/**
 * A test of whether an element below `root` is a panel a reader can open. Only the controls' targets are
 * collected up front; the names are read for the few elements asked about (hidden ones).
 */
export function collapsedPanelTest(root: LightElement): (el: LightElement) => boolean {
  const controlled = new Set<string>();
  forEachDescendant(root, (node) => {
    if (node.type === "text") return false;
    const controls = node.attrs.get("aria-controls");
    if (controls) for (const id of controls.split(/\s+/)) if (id) controlled.add(id);
    return true;
  });
  return (el) => {
    const id = el.attrs.get("id");
    return (
      (id !== undefined && controlled.has(id)) ||
      el.attrs.get("role")?.trim().toLowerCase() === "tabpanel" ||
      followsItsControl(el) ||
      nameWords(el).some((words) => words.some((word) => PANEL_WORDS.has(word)))
    );
  };
}

/**
 * Whether the element comes right after a control that shows it (a `<button>`, or any element that says
 * whether it is expanded: `aria-expanded`) and holds prose. Menus, pickers, "added to your cart"
 * pop-ups and "see details" drawers follow buttons too, but hold no paragraph (measured: revealing
 * them cost 10 WCXB pages up to 0.09 F1).
 */
function followsItsControl(el: LightElement): boolean {
  const previous = previousElementSibling(el);
  return (
    previous !== null && (previous.tag === "button" || previous.attrs.has("aria-expanded")) && holdsProse(el)
  );
}
