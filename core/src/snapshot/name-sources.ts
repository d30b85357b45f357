/**
 * Where accessible names come from, by role and by element (accname 1.2, HTML-AAM, and Chromium's
 * choices where the specifications leave room): read by accessible-name.ts, which computes them.
 */

/** Roles whose name comes from their content when nothing else names them (accname 1.2, plus Chromium's). */
export const NAME_FROM_CONTENT = new Set([
  "button",
  "cell",
  "checkbox",
  "columnheader",
  "gridcell",
  "heading",
  "link",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "option",
  "radio",
  "row",
  "rowheader",
  "switch",
  "tab",
  "tooltip",
  "treeitem",
  "DisclosureTriangle",
  "LayoutTableCell",
  "Legend",
  "Figcaption",
  "caption",
]);

/** Roles that may not be named (ARIA 1.2 "name prohibited"): a `title` or `aria-label` on them is not shown. */
export const NAME_PROHIBITED = new Set([
  "caption",
  "code",
  "deletion",
  "emphasis",
  "generic",
  "insertion",
  "paragraph",
  "presentation",
  "none",
  "strong",
  "subscript",
  "superscript",
  "StaticText",
  // Not prohibited by ARIA, but Chromium gives them no name of their own (a `title` on them is a tooltip).
  "time",
  "LabelText",
  "mark",
]);

/** Elements laid out inline by default: their text joins the text beside it without a space. */
export const INLINE_TAGS = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "cite",
  "code",
  "data",
  "dfn",
  "em",
  "font",
  "i",
  "img",
  "kbd",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
  "label",
  "slot",
  "::before",
  "::after",
]);

/** Elements a `<label>` can label (HTML "labelable elements"). */
export const LABELABLE = new Set(["button", "input", "meter", "output", "progress", "select", "textarea"]);

/** `<input>` types that are text fields: their value is their text inside a name. */
export const TEXT_FIELD_TYPES = new Set(["", "text", "email", "tel", "url", "search", "password", "number"]);

/**
 * Roles that neither take a name from their content nor give their content to a name around them:
 * containers of many things (Chromium's list, after ARIA's roles that are named by their author).
 */
export const NO_NAME_FROM_CONTENT = new Set([
  "alert",
  "alertdialog",
  "application",
  "article",
  "Audio",
  "banner",
  "blockquote",
  "ColorWell",
  "combobox",
  "comment",
  "complementary",
  "contentinfo",
  "dialog",
  "document",
  "EmbeddedObject",
  "feed",
  "figure",
  "form",
  "graphics-document",
  "graphics-object",
  "graphics-symbol",
  "grid",
  "group",
  "Iframe",
  "IframePresentational",
  "image",
  "listbox",
  "log",
  "main",
  "marquee",
  "menu",
  "menubar",
  "meter",
  "navigation",
  "note",
  "progressbar",
  "radiogroup",
  "rowgroup",
  "scrollbar",
  "search",
  "searchbox",
  "sectionfooter",
  "sectionheader",
  "separator",
  "slider",
  "spinbutton",
  "status",
  "SvgRoot",
  "table",
  "tablist",
  "tabpanel",
  "term",
  "textbox",
  "timer",
  "toolbar",
  "tree",
  "treegrid",
  "Video",
]);

/** Content that never counts toward a name, rendered or not. */
export const HIDDEN_CONTENT = new Set(["script", "style", "template", "noscript", "datalist"]);
/** Elements with a native way to be named, whether or not they have attributes. */
export const NATIVE_NAMED = new Set([
  "input",
  "textarea",
  "select",
  "button",
  "fieldset",
  "figure",
  "table",
  "svg",
  "option",
]);
