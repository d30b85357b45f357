/**
 * Page furniture that is never main content, recognised by what the page calls it: landmark elements
 * and roles (navigation, banner, footer, complementary, search, dialogs), and the words of class names
 * and ids that every site uses for the same furniture (see furniture-names.ts).
 *
 * A rule never removes what holds most of the page's text: a layout wrapper called `has-sidebar`
 * around the article is not a sidebar.
 */
import {
  descendantFinder,
  forEachDescendant,
  hasClassIn,
  removeNodes,
  type LightElement,
  type LightNode,
} from "../dom/light-dom.js";
import { isAuthorBox } from "./author-box.js";
import { isChromeLandmark, panelsOpenedFrom } from "./chrome-panels.js";
import { furnitureByName } from "./furniture-names.js";
import { nameWords } from "./name-words.js";
import type { PageType } from "./page-type.js";

/** Why an element was judged furniture (tests and debugging read it). */
export type BoilerplateReason =
  | "tag"
  | "role"
  | "words"
  | "navigation-words"
  | "form"
  | "hidden"
  | "skip-link"
  | "author-box"
  | "no-snippet"
  | "message";

/**
 * Reasons that are what the page says of an element (its names, its note to search engines, its live
 * region) rather than what the element is: a page they would empty keeps its largest such element (see
 * sparedPageContent).
 */
const WEAK_REASONS: ReadonlySet<BoilerplateReason> = new Set([
  "words",
  "navigation-words",
  "no-snippet",
  "message",
]);

/** Landmark tags that hold page furniture wherever they are. */
const FURNITURE_TAGS = new Set([
  "nav",
  "aside",
  "dialog",
  "menu",
  "button",
  "select",
  "textarea",
  "input",
  "iframe",
  "object",
  "embed",
  "canvas",
  "video",
  "audio",
  "map",
]);

const FURNITURE_ROLES = new Set([
  "navigation",
  "banner",
  "contentinfo",
  "complementary",
  "search",
  "menu",
  "menubar",
  "dialog",
  "alertdialog",
  "tooltip",
  "toolbar",
]);

/** Class names of text shown to screen readers only (its visible twin, if any, see aria-hidden.ts). */
export const SCREEN_READER_CLASSES: ReadonlySet<string> = new Set([
  "sr-only",
  "visually-hidden",
  "visuallyhidden",
  "screen-reader-text",
  "screen-reader-only",
]);

/** Exact class names meaning "not shown" (responsive variants such as `hidden-xs` are shown elsewhere). */
const HIDDEN_CLASSES = new Set([
  "hidden",
  "d-none",
  "is-hidden",
  ...SCREEN_READER_CLASSES,
  "invisible",
  "hide",
]);

/**
 * A name is weaker evidence than what it names: an element called furniture that holds this much prose
 * (paragraphs of sentences) is content under an unlucky name (`content-nav-section`).
 */
const MAX_NAMED_PROSE = 400;

/** Above this share of the page's text an element is a wrapper, not furniture. */
const MAX_SHARE = 0.4;

/**
 * Whether the element is furniture by its own markup (not its content), and by which rule. With
 * `shown`, a class that hides the element does not count (a collapsed panel the reader can open).
 */
export function boilerplateReason(el: LightElement, type: PageType, shown = false): BoilerplateReason | null {
  if (FURNITURE_TAGS.has(el.tag)) return "tag";
  const roleName = el.attrs.get("role")?.trim().toLowerCase();
  if (roleName && FURNITURE_ROLES.has(roleName)) return "role";
  if (!shown && hasClassIn(el, HIDDEN_CLASSES)) return "hidden";
  if (el.tag === "body" || el.tag === "html" || el.tag === "main" || el.tag === "article") return null;
  // What the page asks search engines never to quote as its text (Google's `data-nosnippet`): an
  // author box, a consent banner, a print footer. Weighed as a name is: it never takes a wrapper of most
  // of the page (some sites mark a paywalled story so).
  if (el.attrs.has("data-nosnippet")) return "no-snippet";
  // A live region's message to the visitor ("Added to your cart", "Your session has expired", "3
  // results"), the ARIA twin of an `alert` class (see furniture-names.ts: a documentation page's alert
  // is its own warning). Weighed as a name, since some pages wrap their results in a live region.
  if (roleName === "status" || (roleName === "alert" && type !== "documentation")) return "message";
  return furnitureByName(el, type);
}

/**
 * Removes the furniture below `root`, outermost first. `header` and `footer` count as furniture only
 * outside the page's `<article>`s and `<main>` (inside they hold a post's title, date and author).
 * `isPanel` tells collapsed panels (see collapsed-panels.ts), which a hiding class does not remove;
 * `holdsSubject` the elements that hold the page's declared subject (see structured-anchor.ts), which
 * are never furniture: a product's stated description in a drawer named `aside` or `dialog` stays.
 * Names never empty a page (see sparedPageContent). What the page's header or navigation opens goes
 * with it (see chrome-panels.ts).
 */
export function removeBoilerplate(
  root: LightElement,
  type: PageType,
  isPanel: (el: LightElement) => boolean = () => false,
  holdsSubject: (el: LightElement) => boolean = () => false,
): void {
  const total = root.stats.nonSpace || 1;
  const doomed: LightElement[] = [];
  // Asked of an element and again of the elements inside what it spares: kept per element, so nested
  // landmarks or named wrappers cost one read of the tree, not one per level.
  const holdsMainContent = descendantFinder(
    (node) =>
      node.tag === "main" ||
      node.attrs.get("role") === "main" ||
      (node.tag === "article" && node.stats.nonSpace > total * MAX_SHARE),
  );
  const proseLength = proseMeter();
  const inArticle = withinArticle();
  const holdsControl = descendantFinder(isFormControl);
  const holdsFormula = descendantFinder((el) => el.tag === "math");
  // What goes by its names alone, or by markup weighed as names are (see sparedPageContent).
  const byName: LightElement[] = [];
  // The page's header and navigation landmarks, whose controls may open panels elsewhere.
  const chrome: LightElement[] = [];
  const visit = (node: LightNode): boolean => {
    if (node.type === "text") return false;
    // Inside code, class names are the highlighter's token kinds (`hljs-comment`, `token tag`), not
    // parts of the page.
    if (node.tag === "pre" || node.tag === "code") return false;
    // A page's header or footer (outside its articles) is furniture by its tag, whatever its class names
    // also say: read by its names (`site-footer`) it would be spared as a wrapper of most of the page,
    // which a footer holding a shop's testimonials or a long list of links is.
    let reason = pageChromeReason(node, inArticle) ?? boilerplateReason(node, type);
    // A collapsed panel is hidden until the reader opens it: its text is the page's, unless its names
    // say it is furniture.
    if (reason === "hidden" && isPanel(node)) reason = boilerplateReason(node, type, true);
    reason ??= formReason(node, type, holdsControl) ?? skipLinkReason(node) ?? authorBoxReason(node);
    if (reason && holdsSubject(node)) return true;
    // A formula is the page's text, whatever its typesetter names its wrapper (MathJax's is named for
    // the context menu it attaches, `CtxtMenu_Attached`).
    if ((reason === "words" || reason === "navigation-words") && holdsFormula(node)) return true;
    // Markup that declares itself furniture goes unless it wraps the page's declared main content;
    // names are weaker evidence and spare wrappers of most of the page. A hiding class spares only a
    // wrapper of prose (a page a script reveals), not a hidden dump of data (a product's raw fields).
    // A landmark of furniture is spared when it wraps the page's main content: a `<main>`, or an
    // `<article>` holding a wrapper's share of the page's text. So is a name of furniture: a layout
    // wrapper is named for the columns it lays out ('content-sidebar-wrap' around the `<main>` and its
    // sidebar), and on a list page, whose entries are short, it holds less than a wrapper's share. The
    // small `<article>`s of a header's mega menu, a sidebar's or a footer's story cards are teasers, and
    // do not spare the landmark.
    const declared = reason === "tag" || reason === "role";
    const wrapper =
      node.stats.nonSpace / total > MAX_SHARE &&
      (reason !== "hidden" || proseLength(node) >= MAX_NAMED_PROSE);
    if (
      reason &&
      (declared
        ? !holdsMainContent(node)
        : !wrapper &&
          !holdsMainContent(node) &&
          ((reason !== "navigation-words" && reason !== "form") || proseLength(node) < MAX_NAMED_PROSE))
    ) {
      doomed.push(node);
      if (WEAK_REASONS.has(reason)) byName.push(node);
      else if (declared && isChromeLandmark(node)) chrome.push(node);
      return false;
    }
    return true;
  };
  forEachDescendant(root, visit);
  const spared = sparedPageContent(total, doomed, byName);
  if (spared) {
    doomed.splice(doomed.indexOf(spared), 1);
    forEachDescendant(spared, visit);
  }
  const spare = (el: LightElement) => holdsMainContent(el) || holdsSubject(el);
  for (const panel of panelsOpenedFrom(root, chrome, doomed, spare, total * MAX_SHARE)) doomed.push(panel);
  removeNodes(doomed);
}

/**
 * A name is weaker evidence than the page itself: when the furniture found would leave under this share
 * of the page's text, the largest element removed by its names alone is the page's content under an
 * unlucky name (a shop's product grid in a `related-product` section, an article in a
 * `sidebar-content` column) — if it holds at least `SPARED_SHARE` of the page. It stays, and the
 * furniture inside it goes. Measured on WCXB's dev pages: at 5% or 10% three pages gain (a listing
 * +0.96 F1, an article +0.85) and none loses; from 15% pages whose content is elsewhere start losing.
 */
const EMPTIED_SHARE = 0.05;
const SPARED_SHARE = 0.2;

function sparedPageContent(
  total: number,
  doomed: readonly LightElement[],
  byName: readonly LightElement[],
): LightElement | undefined {
  let left = total;
  for (const el of doomed) left -= el.stats.nonSpace;
  if (left >= total * EMPTIED_SHARE) return undefined;
  let largest: LightElement | undefined;
  for (const el of byName) if (!largest || el.stats.nonSpace > largest.stats.nonSpace) largest = el;
  return largest && largest.stats.nonSpace >= total * SPARED_SHARE ? largest : undefined;
}

/**
 * Characters in an element's paragraphs that read as prose (long, punctuated, few links): the outermost
 * paragraphs below it. Kept per element (see removeBoilerplate); valid while the tree does not change.
 */
function proseMeter(): (el: LightElement) => number {
  const known = new Map<LightElement, number>();
  return (el) => {
    const cached = known.get(el);
    if (cached !== undefined) return cached;
    // Without recursion: a hostile page nests deeper than the stack.
    const stack: { el: LightElement; i: number; prose: number }[] = [{ el, i: 0, prose: 0 }];
    for (;;) {
      const frame = stack[stack.length - 1]!;
      const child = frame.el.children[frame.i++];
      if (child) {
        if (child.type === "text") continue;
        if (child.tag === "p") frame.prose += paragraphProse(child);
        else {
          const below = known.get(child);
          if (below === undefined) stack.push({ el: child, i: 0, prose: 0 });
          else frame.prose += below;
        }
        continue;
      }
      known.set(frame.el, frame.prose);
      stack.pop();
      const parent = stack[stack.length - 1];
      if (!parent) return frame.prose;
      parent.prose += frame.prose;
    }
  };
}

function paragraphProse(p: LightElement): number {
  const stats = p.stats;
  return stats.nonSpace >= 80 &&
    stats.childLinkLength < stats.nonSpace * 0.3 &&
    stats.commas + countStops(p) > 0
    ? stats.nonSpace
    : 0;
}

function countStops(el: LightElement): number {
  return el.textContent.includes(".") ? 1 : 0;
}

/**
 * A form is something to fill in (a search, a newsletter, a login, a filter, a contact form), not to
 * read; one that holds paragraphs of prose or most of the page is a wrapper (whole pages built as one
 * form, forum threads inside a moderation form), and so is one with nothing to fill in or press (old
 * Reddit draws each comment's text in a form kept for its author's edits, holding a hidden input only).
 * On a product page the form to buy holds the price and the options, which are the product's facts.
 */
function formReason(
  el: LightElement,
  type: PageType,
  holdsControl: (el: LightElement) => boolean,
): BoilerplateReason | null {
  return el.tag === "form" && type !== "product" && holdsControl(el) ? "form" : null;
}

/** Something a reader fills in or presses: a field (not a hidden one), a list to choose from, a button. */
function isFormControl(el: LightElement): boolean {
  switch (el.tag) {
    case "textarea":
    case "select":
    case "button":
      return true;
    case "input":
      return el.attr("type")?.trim().toLowerCase() !== "hidden";
    default:
      return el.attrs.has("contenteditable") || CONTROL_ROLES.has(el.attr("role") ?? "");
  }
}

const CONTROL_ROLES = new Set(["textbox", "searchbox", "combobox", "button", "checkbox", "radio", "slider"]);

/**
 * A skip link ("Skip to main content", a `skip-link` class) takes a keyboard reader past the page's
 * chrome to a place in the same page: a device for moving around the page, not its text.
 */
function skipLinkReason(el: LightElement): BoilerplateReason | null {
  if (el.tag !== "a" || !(el.attrs.get("href") ?? "").startsWith("#")) return null;
  const named = /(?:^|[^a-z])skip/i.test(`${el.attrs.get("class") ?? ""} ${el.attrs.get("id") ?? ""}`);
  return named || /^skip\b/i.test(el.textContent.trim()) ? "skip-link" : null;
}

function authorBoxReason(el: LightElement): BoilerplateReason | null {
  return isAuthorBox(el, nameWords(el)) ? "author-box" : null;
}

function pageChromeReason(
  el: LightElement,
  inArticle: (el: LightElement) => boolean,
): BoilerplateReason | null {
  if (el.tag !== "header" && el.tag !== "footer") return null;
  return el.parent && inArticle(el.parent) ? null : "tag";
}

/**
 * Whether an element is an `<article>` or `<main>` or inside one, kept per element: headers nested a
 * thousand deep cost one climb, not one per header.
 */
function withinArticle(): (el: LightElement) => boolean {
  const known = new Map<LightElement, boolean>();
  return (el) => {
    const path: LightElement[] = [];
    let found = false;
    for (let node: LightElement | null = el; node; node = node.parent) {
      const cached = known.get(node);
      if (cached !== undefined) {
        found = cached;
        break;
      }
      if (node.tag === "article" || node.tag === "main") {
        found = true;
        path.push(node);
        break;
      }
      path.push(node);
    }
    for (const node of path) known.set(node, found);
    return found;
  };
}
