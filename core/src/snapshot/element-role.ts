/**
 * The role of an element: its explicit `role` attribute (the first token that is an ARIA role), else the
 * implicit role HTML-AAM gives its tag, in the role names Chromium's accessibility tree uses, so the
 * snapshot reads the same whichever engine made it.
 *
 * Implemented from HTML-AAM: every HTML element with an ARIA role or a Chromium role of its own, with these
 * context rules — `<header>`/`<footer>` are landmarks only outside `<article>`, `<aside>`, `<main>`, `<nav>`
 * and `<section>`; `<aside>` is complementary outside `<article>`, `<aside>`, `<nav>` and `<section>` or
 * when named; `<section>` is a
 * region when named; `<a>`/`<area>` are links only with `href`; `<img alt="">` is presentational;
 * `<input>` by `type` (with `list` a combobox); `<select>` is a listbox with `multiple` or `size` > 1;
 * `<td>` is a gridcell inside a grid; `<th>` is a column or row header by `scope`, else by position;
 * `role="none"`/`"presentation"` is ignored on focusable elements (ARIA's conflict resolution).
 *
 * Left out: Chromium's "layout table" guess (a `<table>` it decides is for layout reads as LayoutTable
 * rather than table — HTML-AAM has no such rule, so every table is a table here); MathML's inner roles
 * (`<math>` is `math`, its content plain text); `<svg>` descendants other than the root and `<a>`; roles a
 * script sets through ElementInternals (not visible in the DOM); `<dialog>`'s modality.
 */
import type { DomDocument } from "./dom-document.js";

/** Where an element sits, as far as its implicit role depends on it. */
export interface RoleContext {
  /** Inside `<article>`, `<aside>`, `<nav>` or `<section>` (or an element with such a role). */
  inSectioning: boolean;
  /** Inside `<main>` (or `role="main"`). */
  inMain: boolean;
  /** Inside a grid or treegrid table. */
  inGrid: boolean;
}

/** Tags whose implicit role does not depend on attributes or context. */
const TAG_ROLES: Record<string, string> = {
  abbr: "Abbr",
  address: "group",
  article: "article",
  audio: "Audio",
  b: "generic",
  bdi: "generic",
  bdo: "generic",
  blockquote: "blockquote",
  body: "generic",
  br: "LineBreak",
  button: "button",
  canvas: "Canvas",
  caption: "caption",
  code: "code",
  data: "generic",
  datalist: "listbox",
  dd: "definition",
  del: "deletion",
  details: "group",
  dfn: "term",
  dialog: "dialog",
  div: "generic",
  dl: "DescriptionList",
  dt: "term",
  em: "emphasis",
  embed: "EmbeddedObject",
  fieldset: "group",
  figcaption: "Figcaption",
  figure: "figure",
  form: "form",
  h1: "heading",
  h2: "heading",
  h3: "heading",
  h4: "heading",
  h5: "heading",
  h6: "heading",
  hgroup: "group",
  hr: "separator",
  html: "generic",
  i: "generic",
  fencedframe: "Iframe",
  iframe: "Iframe",
  frame: "Iframe",
  ins: "insertion",
  label: "LabelText",
  legend: "Legend",
  li: "listitem",
  main: "main",
  mark: "mark",
  math: "math",
  menu: "list",
  meter: "meter",
  nav: "navigation",
  object: "EmbeddedObject",
  ol: "list",
  optgroup: "group",
  option: "option",
  output: "status",
  p: "paragraph",
  pre: "generic",
  progress: "progressbar",
  q: "generic",
  ruby: "Ruby",
  s: "deletion",
  samp: "generic",
  search: "search",
  small: "generic",
  span: "generic",
  strong: "strong",
  sub: "subscript",
  summary: "DisclosureTriangle",
  sup: "superscript",
  table: "table",
  tbody: "rowgroup",
  textarea: "textbox",
  tfoot: "rowgroup",
  thead: "rowgroup",
  time: "time",
  tr: "row",
  u: "generic",
  ul: "list",
  video: "Video",
};

/** ARIA 1.2 roles (and the DPUB and Graphics modules' common ones) Chromium accepts in `role`. */
const ARIA_ROLES = new Set([
  "alert",
  "alertdialog",
  "application",
  "article",
  "banner",
  "blockquote",
  "button",
  "caption",
  "cell",
  "checkbox",
  "code",
  "columnheader",
  "combobox",
  "comment",
  "complementary",
  "contentinfo",
  "definition",
  "deletion",
  "dialog",
  "directory",
  "document",
  "emphasis",
  "feed",
  "figure",
  "form",
  "generic",
  "grid",
  "gridcell",
  "group",
  "heading",
  "image",
  "img",
  "insertion",
  "link",
  "list",
  "listbox",
  "listitem",
  "log",
  "main",
  "mark",
  "marquee",
  "math",
  "menu",
  "menubar",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "meter",
  "navigation",
  "none",
  "note",
  "option",
  "paragraph",
  "presentation",
  "progressbar",
  "radio",
  "radiogroup",
  "region",
  "row",
  "rowgroup",
  "rowheader",
  "scrollbar",
  "search",
  "searchbox",
  "sectionfooter",
  "sectionheader",
  "separator",
  "slider",
  "spinbutton",
  "status",
  "strong",
  "subscript",
  "suggestion",
  "superscript",
  "switch",
  "tab",
  "table",
  "tablist",
  "tabpanel",
  "term",
  "textbox",
  "time",
  "timer",
  "toolbar",
  "tooltip",
  "tree",
  "treegrid",
  "treeitem",
  "graphics-document",
  "graphics-object",
  "graphics-symbol",
]);

/** Chromium's names for roles ARIA spells differently. */
const ROLE_ALIASES: Record<string, string> = {
  img: "image",
  presentation: "none",
  directory: "list",
};

/** Sectioning content (tags and roles): the context that makes `<header>`, `<footer>` and `<aside>` plain. */
export const SECTIONING_TAGS = new Set(["article", "aside", "nav", "section"]);
export const SECTIONING_ROLES = new Set(["article", "complementary", "navigation", "region"]);

/** The first token of `role` that names an ARIA role, in Chromium's spelling; undefined when none does. */
export function explicitRole(doc: DomDocument, i: number): string | undefined {
  const value = doc.attr(i, "role");
  if (!value) return undefined;
  for (const token of value.trim().toLowerCase().split(/\s+/)) {
    if (ARIA_ROLES.has(token)) return ROLE_ALIASES[token] ?? token;
  }
  return undefined;
}

/** The role HTML-AAM gives the element by its tag, attributes and context. */
export function implicitRole(doc: DomDocument, i: number, tag: string, context: RoleContext): string {
  switch (tag) {
    case "a":
    case "area":
      // Chromium also makes an `<a>` without `href` a link when the page listens for clicks on it.
      return doc.attr(i, "href") !== undefined ||
        doc.attr(i, "xlink:href") !== undefined ||
        doc.isClickable(i)
        ? "link"
        : "generic";
    case "header":
      return context.inSectioning || context.inMain ? "sectionheader" : "banner";
    case "footer":
      return context.inSectioning || context.inMain ? "sectionfooter" : "contentinfo";
    case "aside":
      return !context.inSectioning || isNamed(doc, i) ? "complementary" : "generic";
    case "section":
      return isNamed(doc, i) ? "region" : "generic";
    case "img": {
      const alt = doc.attr(i, "alt");
      return alt === "" && doc.attr(i, "title") === undefined ? "none" : "image";
    }
    case "input":
      return inputRole(doc, i);
    case "select":
      return doc.attr(i, "multiple") !== undefined || Number(doc.attr(i, "size") ?? 0) > 1
        ? "listbox"
        : "combobox";
    case "svg":
      // An SVG with text or links inside is a graphic to read into; otherwise one image (an icon, a chart).
      return hasDescendant(doc, i, SVG_CONTENT) ? "SvgRoot" : "image";
    case "td":
      return context.inGrid ? "gridcell" : "cell";
    case "th":
      return headerRole(doc, i);
    default:
      return TAG_ROLES[tag] ?? "generic";
  }
}

/** Whether the element can take focus by itself (a conflict with `role="none"` keeps its own role). */
export function isNativelyFocusable(doc: DomDocument, i: number, tag: string): boolean {
  switch (tag) {
    case "a":
    case "area":
      return doc.attr(i, "href") !== undefined;
    case "button":
    case "select":
    case "textarea":
    case "iframe":
      return true;
    case "input":
      return doc.attr(i, "type")?.toLowerCase() !== "hidden";
    default:
      return false;
  }
}

function inputRole(doc: DomDocument, i: number): string {
  const type = (doc.attr(i, "type") ?? "text").trim().toLowerCase();
  const hasList = doc.attr(i, "list") !== undefined;
  switch (type) {
    case "button":
    case "submit":
    case "reset":
    case "image":
    case "file":
      return "button";
    case "checkbox":
      return "checkbox";
    case "radio":
      return "radio";
    case "range":
      return "slider";
    case "number":
      return "spinbutton";
    case "search":
      return hasList ? "combobox" : "searchbox";
    case "email":
    case "tel":
    case "url":
    case "text":
    case "password":
      return hasList ? "combobox" : "textbox";
    case "color":
      return "ColorWell";
    case "date":
    case "datetime-local":
    case "month":
    case "week":
    case "time":
      return "textbox";
    case "hidden":
      return "none";
    default:
      return hasList ? "combobox" : "textbox";
  }
}

function headerRole(doc: DomDocument, i: number): string {
  const scope = doc.attr(i, "scope")?.toLowerCase();
  if (scope === "row" || scope === "rowgroup") return "rowheader";
  if (scope === "col" || scope === "colgroup") return "columnheader";
  // No scope: a header in the table's head, or with no cell before it in its row, heads a column.
  const row = doc.parent[i]!;
  if (row >= 0 && doc.tag(doc.parent[row]!) === "thead") return "columnheader";
  for (let s = doc.firstChild[row]!; s >= 0 && s !== i; s = doc.nextSibling[s]!) {
    if (doc.tag(s) === "td") return "rowheader";
  }
  return "columnheader";
}

const SVG_CONTENT = new Set(["text", "a", "foreignobject"]);

function hasDescendant(doc: DomDocument, i: number, tags: ReadonlySet<string>): boolean {
  const end = doc.subtreeEnd(i);
  for (let n = i + 1; n < end; n++) if (tags.has(doc.tag(n))) return true;
  return false;
}

function isNamed(doc: DomDocument, i: number): boolean {
  return Boolean(
    doc.attr(i, "aria-label")?.trim() ||
    doc.attr(i, "aria-labelledby")?.trim() ||
    doc.attr(i, "title")?.trim(),
  );
}
