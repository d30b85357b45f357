/**
 * Functions that run in the page on the target element (`this`) through `Runtime.callFunctionOn`. Each
 * answers with a plain value; a string answer from a check is the reason the action cannot go on.
 */

/** Describes an element for a person: `button#save.primary "Save"`. */
const DESCRIBE = `function describe(el) {
  if (!el || el.nodeType !== 1) return String(el && el.nodeName);
  let out = el.localName;
  if (el.id) out += "#" + el.id;
  const cls = typeof el.className === "string" ? el.className.trim().split(/\\s+/).filter(Boolean).slice(0, 2) : [];
  if (cls.length) out += "." + cls.join(".");
  // A form field is named by its label-like attributes, never by its value: the value may be a secret.
  const field = (el.localName === "input" && !["submit", "button", "reset"].includes(el.type))
    || el.localName === "textarea" || el.localName === "select";
  const named = field
    ? el.getAttribute("aria-label")
      || (el.labels && el.labels[0]
        ? Array.from(el.labels[0].childNodes).filter((n) => !n.contains(el)).map((n) => n.textContent).join(" ").trim()
        : "")
      || el.getAttribute("placeholder") || ""
    : el.innerText || el.value || el.getAttribute("aria-label") || "";
  const text = named.trim().replace(/\\s+/g, " ").slice(0, 40);
  return text ? out + ' "' + text + '"' : out;
}`;

/**
 * Whether a click at the element's middle would reach it, or what covers it. Hit-tests from the element's
 * own tree root (document or shadow root), so shadow content is judged where it lives; a label that
 * forwards clicks to the element counts as the element.
 */
export const HIT_TEST = `function () {
  ${DESCRIBE}
  if (!this.isConnected) return "it is no longer in the page";
  const rect = this.getBoundingClientRect();
  if (rect.width < 1 || rect.height < 1) return "it has no size on screen (hidden or collapsed)";
  const x = rect.left + rect.width / 2, y = rect.top + rect.height / 2;
  const root = this.getRootNode();
  const hit = (root.elementFromPoint ? root : this.ownerDocument).elementFromPoint(x, y);
  if (!hit) return "its middle is outside the visible part of its frame";
  for (let n = hit; n; n = n.parentNode || n.host) if (n === this) return "";
  for (let n = this; n; n = n.parentNode || n.host) if (n === hit && n !== this.ownerDocument.body && n !== this.ownerDocument.documentElement) return "";
  const label = hit.closest && hit.closest("label");
  if (label && label.control === this) return "";
  return "it is covered by " + describe(hit);
}`;

/** Whether the element is still in its document (a removed node resolves while it is alive). */
export const IS_CONNECTED = `function () { return this.isConnected; }`;

/** Why text cannot be entered into the element, or "" when it can. */
export const EDITABLE_CHECK = `function () {
  ${DESCRIBE}
  if (!this.isConnected) return "it is no longer in the page";
  if (this.isContentEditable) return "";
  const tag = this.localName;
  const textTypes = ["", "text", "search", "email", "url", "tel", "password", "number", "date", "datetime-local", "month", "time", "week"];
  if (tag === "textarea" || (tag === "input" && textTypes.includes((this.getAttribute("type") || "").toLowerCase()))) {
    if (this.disabled) return describe(this) + " is disabled";
    if (this.readOnly) return describe(this) + " is read-only";
    return "";
  }
  return describe(this) + " is not a text field";
}`;

/** Selects the element's whole value, so inserted text replaces it. */
export const SELECT_ALL = `function () {
  this.focus();
  if (typeof this.select === "function") { this.select(); return; }
  const range = this.ownerDocument.createRange();
  range.selectNodeContents(this);
  const selection = this.ownerDocument.defaultView.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}`;

/**
 * Puts the caret after the element's current value, so typed text is appended. Answers false when the
 * caller must press End instead: inputs such as email and number have no selection API, and focus() alone
 * leaves the caret at the start.
 */
export const CARET_TO_END = `function () {
  this.focus();
  if (typeof this.setSelectionRange === "function" && typeof this.value === "string") {
    try { this.setSelectionRange(this.value.length, this.value.length); return true; } catch (e) { return false; }
  }
  const range = this.ownerDocument.createRange();
  range.selectNodeContents(this);
  range.collapse(false);
  const selection = this.ownerDocument.defaultView.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}`;

/** The element's value after an edit, to report what the field holds now. */
export const VALUE_OF = `function () {
  const value = typeof this.value === "string" ? this.value : (this.innerText || "");
  return { value, password: this.localName === "input" && this.type === "password" };
}`;

/**
 * Chooses the option of a <select> whose label or value matches (exactly, then ignoring case and
 * spacing), and fires input and change as a person's choice would. Answers `{ chosen }` or `{ error }`.
 */
export const SELECT_OPTION = `function (wanted) {
  ${DESCRIBE}
  if (this.localName !== "select") return { error: describe(this) + " is not a <select>; click the option instead" };
  if (this.disabled) return { error: describe(this) + " is disabled" };
  const norm = (s) => String(s).trim().replace(/\\s+/g, " ").toLowerCase();
  const options = Array.from(this.options);
  const match = options.find((o) => o.label === wanted || o.value === wanted)
    || options.find((o) => norm(o.label) === norm(wanted) || norm(o.value) === norm(wanted));
  if (!match) return { error: 'no option "' + wanted + '" in ' + describe(this) + "; its options are: " + options.map((o) => o.label).join(", ") };
  if (match.disabled) return { error: 'the option "' + match.label + '" is disabled' };
  this.focus();
  match.selected = true;
  this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  this.dispatchEvent(new Event("change", { bubbles: true }));
  return { chosen: match.label };
}`;

/** true/false for a checkbox, radio, switch or aria-checked element; null when it has no checked state. */
export const CHECKED_STATE = `function () {
  if (this.localName === "input" && (this.type === "checkbox" || this.type === "radio")) return this.checked;
  const aria = this.getAttribute("aria-checked");
  return aria === "true" ? true : aria === "false" ? false : null;
}`;

/** The height the element shows (the viewport's for the document), to turn a scroll fraction into pixels. */
export const VISIBLE_HEIGHT = `function () {
  const doc = this.ownerDocument || this;
  const isPage = this === doc || this === doc.documentElement || this === doc.body || this.nodeType === 9;
  return isPage ? doc.defaultView.innerHeight : this.clientHeight || this.getBoundingClientRect().height;
}`;
