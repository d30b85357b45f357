/**
 * Collapsed panels: an accordion's answers, a tab's inactive panels, a carousel's other slides. The
 * page hides them until the reader opens them (`hidden`, `display: none`, `aria-hidden`, a `hidden`
 * class), but they are the page's text — an FAQ's answers, a service's feature tabs, a category's buying
 * guide, the homes of a listing's carousel — not furniture that is never shown. A panel says what it is
 * in ARIA (a control's `aria-controls` names it, or its role is `tabpanel`), in the words of its class
 * names and id, or by its place: right after the button that opens it (the disclosure pattern, a
 * question in a `<button>` and its answer after it), or after a heading that asks a question.
 */
import { descendantsByTag, forEachDescendant, setTag, type LightElement } from "../dom/light-dom.js";
import { nameWords } from "./name-words.js";
import { isProseText } from "./content-mass.js";

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

/** A tab's panel named in two words (`tab-pane`, `tabs__panel`): "pane" or "panel" alone names layout. */
function namesTabPanel(words: readonly string[]): boolean {
  return words.some((word) => TAB_WORDS.has(word)) && words.some((word) => PANE_WORDS.has(word));
}

const TAB_WORDS = new Set(["tab", "tabs"]);
const PANE_WORDS = new Set(["pane", "panes", "panel", "panels"]);

/**
 * A carousel's slide (`swiper-slide`, `slick-slide`, `carousel-item`, `bp-Carousel__cell`): the slides
 * past the one in view are hidden until the reader pages to them. Not the copies a looping carousel
 * makes of its first and last slides (`slick-slide slick-cloned`), which repeat them.
 */
function namesSlide(names: readonly (readonly string[])[]): boolean {
  return (
    names.some((words) =>
      words.some((word) => word === "slide" || (SLOT_WORDS.has(word) && words.includes("carousel"))),
    ) && !names.some((words) => words.some((word) => CLONE_WORDS.has(word)))
  );
}

const SLOT_WORDS = new Set(["cell", "item"]);
const CLONE_WORDS = new Set(["clone", "cloned", "duplicate"]);

/**
 * A test of whether an element below `root` is a panel a reader can open. Only the controls' targets and
 * the elements right after a control are collected up front (one walk); the names and the text are read
 * for the few elements asked about (hidden ones).
 */
export function collapsedPanelTest(
  root: LightElement,
  { order, prose }: PanelReading = readPanels(root),
): (el: LightElement) => boolean {
  const controlled = new Set<string>();
  const afterControl = new Set<LightElement>();
  const readChildren = (node: LightElement) => {
    let previous: LightElement | undefined;
    for (const child of node.children) {
      if (child.type !== "element") continue;
      if (previous && isControl(previous)) afterControl.add(child);
      previous = child;
    }
  };
  readChildren(root);
  for (const node of order) {
    const controls = node.attrs.get("aria-controls");
    if (controls) for (const id of controls.split(/\s+/)) if (id) controlled.add(id);
    readChildren(node);
  }
  return (el) => {
    const id = el.attrs.get("id");
    return (
      (id !== undefined && controlled.has(id)) ||
      el.attrs.get("role")?.trim().toLowerCase() === "tabpanel" ||
      // Right after the control that shows it, holding prose. Menus, pickers, "added to your cart"
      // pop-ups and "see details" drawers follow buttons too, but hold no paragraph (measured: revealing
      // them cost 10 WCXB pages up to 0.09 F1).
      (afterControl.has(el) && prose.has(el)) ||
      namesPanel(nameWords(el))
    );
  };
}

/** Whether the words of an element's class names and id (one list per name) name a panel. */
function namesPanel(names: readonly (readonly string[])[]): boolean {
  return (
    names.some((words) => words.some((word) => PANEL_WORDS.has(word)) || namesTabPanel(words)) ||
    namesSlide(names)
  );
}

/** What both passes read of the page, read once: its elements and which of them hold prose. */
export interface PanelReading {
  /** The elements below the root, in document order. */
  order: LightElement[];
  prose: ReadonlySet<LightElement>;
}

/** Reads the elements below `root` for `collapsedPanelTest` and `keepQuestionButtons`, before either changes it. */
export function readPanels(root: LightElement): PanelReading {
  const order: LightElement[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "text") return false;
    order.push(node);
    return true;
  });
  return { order, prose: proseHolders(order) };
}

/**
 * The elements holding a paragraph of prose (see holdsProse), found bottom-up from the walk's pre-order
 * so that each element is read once however deep the page nests.
 */
function proseHolders(order: readonly LightElement[]): Set<LightElement> {
  const holders = new Set<LightElement>();
  for (let i = order.length - 1; i >= 0; i--) {
    const el = order[i]!;
    if (el.children.some((child) => (child.type === "text" ? isProseText(child) : holders.has(child))))
      holders.add(el);
  }
  return holders;
}

/** A control that shows what follows it: a `<button>`, or any element saying whether it is expanded. */
function isControl(el: LightElement): boolean {
  return (
    el.tag === "button" || el.attrs.has("aria-expanded") || (HEADING_TAGS.has(el.tag) && asksQuestion(el))
  );
}

/** How far into a heading's last parts its closing words are sought (a toggle icon's wrappers). */
const MAX_QUESTION_DEPTH = 8;

/**
 * Whether a heading's words end in a question mark: an FAQ's question, which its accordion opens and
 * closes. Its last words are read from its last part with text, a few levels down at most, so a page of
 * headings nested in one another costs no more than a look at each.
 */
function asksQuestion(heading: LightElement): boolean {
  let node: LightElement = heading;
  for (let depth = 0; depth < MAX_QUESTION_DEPTH; depth++) {
    let last: LightElement | undefined;
    for (let i = node.children.length - 1; i >= 0 && !last; i--) {
      const child = node.children[i]!;
      if (child.type === "text") {
        if (/\S/.test(child.data)) return QUESTION_END.test(child.data);
      } else if (child.stats.nonSpace > 0) last = child;
    }
    if (!last) return false;
    node = last;
  }
  return false;
}

/**
 * An accordion's questions drawn as buttons become text: a `<button>` inside a heading (the ARIA
 * accordion pattern, `<h3><button aria-expanded>Question</button></h3>`: the heading's words are the
 * button's), holding a heading, or whose words end in a question mark right before a block of prose, is
 * the title of what it opens (an FAQ's question), not a control's label like "Add to cart" or "Menu",
 * which stays furniture. Only buttons without a button inside are read (a question holds none), so each
 * element is read once.
 */
export function keepQuestionButtons(
  root: LightElement,
  { order, prose }: PanelReading = readPanels(root),
): void {
  // Elements inside a heading, carried down the walk instead of climbing each button's ancestors.
  const inHeading = new Set<LightElement>();
  // The element right after each button, read once from its parent's children.
  const following = new Map<LightElement, LightElement>();
  const readChildren = (node: LightElement) => {
    let previous: LightElement | undefined;
    for (const child of node.children) {
      if (child.type !== "element") continue;
      if (previous?.tag === "button") following.set(previous, child);
      previous = child;
    }
  };
  readChildren(root);
  for (const node of order) {
    if (HEADING_TAGS.has(node.tag) || (node.parent && inHeading.has(node.parent))) inHeading.add(node);
    readChildren(node);
  }
  const holdsButton = new Set<LightElement>();
  const questions: LightElement[] = [];
  for (let i = order.length - 1; i >= 0; i--) {
    const el = order[i]!;
    if (
      el.children.some(
        (child) => child.type === "element" && (child.tag === "button" || holdsButton.has(child)),
      )
    )
      holdsButton.add(el);
    else if (el.tag === "button" && (inHeading.has(el) || isQuestion(el, following.get(el), prose)))
      questions.push(el);
  }
  for (const button of questions) setTag(button, "div");
}

function isQuestion(
  button: LightElement,
  next: LightElement | undefined,
  prose: ReadonlySet<LightElement>,
): boolean {
  if (descendantsByTag(button, HEADING_TAGS).length) return true;
  return next !== undefined && prose.has(next) && QUESTION_END.test(button.textContent);
}

const QUESTION_END = /\?\s*$/;
const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
