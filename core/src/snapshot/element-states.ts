/**
 * The states a snapshot line shows after the name: value, checked, selected, expanded, disabled and
 * read-only, from the element's current DOM state (what the user typed, ticked or picked, which the
 * capture reports separately from the attributes) and its ARIA attributes.
 *
 * Left out: `indeterminate` checkboxes (a DOM property the capture does not report, so they read as
 * unchecked unless `aria-checked="mixed"`), `aria-pressed`, and the disabled state a custom element sets
 * through ElementInternals.
 */
import type { DomDocument } from "./dom-document.js";
import type { SemanticNode } from "./semantic-node.js";

type States = Pick<SemanticNode, "value" | "checked" | "selected" | "expanded" | "disabled" | "readonly">;

/** Elements the HTML `disabled` attribute applies to. */
const DISABLEABLE = new Set(["button", "input", "select", "textarea", "optgroup", "option", "fieldset"]);
const CHECKABLE_ROLES = new Set([
  "checkbox",
  "radio",
  "switch",
  "menuitemcheckbox",
  "menuitemradio",
  "treeitem",
]);
const SELECTABLE_ROLES = new Set([
  "option",
  "tab",
  "gridcell",
  "row",
  "treeitem",
  "columnheader",
  "rowheader",
]);
const TEXT_ENTRY_ROLES = new Set(["textbox", "searchbox", "spinbutton", "combobox", "slider"]);

/**
 * The element's states. `inheritedDisabled` says an ancestor disables it (a disabled `<fieldset>`
 * outside its first legend, or `aria-disabled="true"`). `contentText` gives the text of an editable
 * element whose value is its content (`contenteditable`, `role="textbox"` on a `<div>`).
 */
export function elementStates(
  doc: DomDocument,
  i: number,
  tag: string,
  role: string,
  inheritedDisabled: boolean,
  contentText: () => string,
): States {
  const states: States = {};
  const value = valueOf(doc, i, tag, role, contentText);
  if (value) states.value = value;

  if (tag === "input" && (role === "checkbox" || role === "radio" || role === "switch")) {
    if (doc.isChecked(i)) states.checked = "true";
    else if (doc.attr(i, "aria-checked") === "mixed") states.checked = "mixed";
  } else if (CHECKABLE_ROLES.has(role)) {
    const checked = doc.attr(i, "aria-checked");
    if (checked === "true" || checked === "mixed") states.checked = checked;
  }

  if (tag === "option") {
    if (doc.isOptionSelected(i)) states.selected = true;
  } else if (SELECTABLE_ROLES.has(role) && doc.attr(i, "aria-selected") === "true") {
    states.selected = true;
  }

  const expanded = doc.attr(i, "aria-expanded");
  if (expanded === "true" || expanded === "false") states.expanded = expanded === "true";
  else if (tag === "summary") {
    const details = doc.parent[i]!;
    if (details >= 0 && doc.tag(details) === "details")
      states.expanded = doc.attr(details, "open") !== undefined;
  }

  if (
    inheritedDisabled ||
    doc.attr(i, "aria-disabled") === "true" ||
    (DISABLEABLE.has(tag) && doc.attr(i, "disabled") !== undefined)
  )
    states.disabled = true;
  if (
    TEXT_ENTRY_ROLES.has(role) &&
    (doc.attr(i, "aria-readonly") === "true" ||
      ((tag === "input" || tag === "textarea") && doc.attr(i, "readonly") !== undefined))
  )
    states.readonly = true;
  return states;
}

function valueOf(
  doc: DomDocument,
  i: number,
  tag: string,
  role: string,
  contentText: () => string,
): string | undefined {
  if (tag === "input") {
    const value = doc.formValue(i);
    if (value === undefined || role === "checkbox" || role === "radio" || role === "button") return undefined;
    // A password's characters stay in the page; its length is what a reader sees.
    return (doc.attr(i, "type") ?? "").toLowerCase() === "password" ? "•".repeat(value.length) : value;
  }
  if (tag === "textarea") return doc.formValue(i);
  if (tag === "select") return selectedOptionText(doc, i);
  if (
    role === "slider" ||
    role === "spinbutton" ||
    role === "progressbar" ||
    role === "meter" ||
    role === "scrollbar"
  )
    return doc.attr(i, "aria-valuetext") ?? doc.attr(i, "aria-valuenow") ?? doc.attr(i, "value");
  if (role === "textbox" || role === "searchbox") return contentText();
  return undefined;
}

/** The text of a `<select>`'s first selected option (what a closed drop-down shows). */
function selectedOptionText(doc: DomDocument, select: number): string | undefined {
  const end = doc.subtreeEnd(select);
  for (let o = select + 1; o < end; o++) {
    if (doc.tag(o) !== "option" || !doc.isOptionSelected(o)) continue;
    const label = doc.attr(o, "label");
    if (label) return label;
    let text = "";
    for (let t = doc.firstChild[o]!; t >= 0; t = doc.nextSibling[t]!) text += doc.nodeValue(t);
    return text.replace(/\s+/g, " ").trim();
  }
  return undefined;
}
