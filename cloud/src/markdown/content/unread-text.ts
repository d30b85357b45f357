/**
 * Text in the markup that no reader reads as text, removed before the content is looked for:
 *
 * - State a page's scripts read from the markup: a widget's configuration or a grid's state serialised
 *   as JSON into an element's text (`<div class="state" hidden>{"painterId":…}</div>`), meant for code.
 *   Such text is data, however much of it there is (one blob may outweigh the page's prose and pull the
 *   content region toward itself). Told by what it is: an element's own text that is one JSON object or
 *   array and parses. Code shown to the reader (`<pre>`, `<code>`) keeps its JSON.
 * - An icon font's ligatures: Material Icons and Symbols draw `<span class="material-icons">
 *   chevron_right</span>` as an arrow, so the words are the icon's name, never shown (they would read
 *   "local_offerSpring Sale" where the page shows a tag icon and "Spring Sale"). An icon that is a
 *   table cell's whole value stays, its name standing for it.
 */
import { forEachDescendant, removeNode, type LightElement } from "../dom/light-dom.js";

/** Shorter JSON is as likely a reader's snippet (`{"a": 1}` in a sentence about an API) as state. */
const MIN_BLOB_CHARS = 100;

/** Elements whose text is shown as code (JSON there is for the reader), or never shown at all. */
const LEFT_ALONE = new Set([
  "pre", "code", "samp", "kbd", "textarea", "xmp", "listing", "plaintext", "script", "style", "template",
]); // prettier-ignore

/** Class names of icon fonts drawn from ligatures (`material-icons`, `material-symbols-rounded`). */
const LIGATURE_ICON = /(?:^|\s)material-(?:icons?|symbols)(?:-[a-z]+)*(?:\s|$)/;

/** Removes the text below `root` that is not for reading (see above). */
export function removeUnreadText(root: LightElement): void {
  const doomed: LightElement[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "text") return false;
    if (LEFT_ALONE.has(node.tag)) return false;
    if (isDataBlob(node) || isLigatureIcon(node)) {
      doomed.push(node);
      return false;
    }
    return true;
  });
  for (const el of doomed) removeNode(el);
}

function isLigatureIcon(el: LightElement): boolean {
  const className = el.attrs.get("class");
  // The substring test first: this runs on every element with a class.
  return (
    className !== undefined &&
    className.includes("material-") &&
    LIGATURE_ICON.test(className) &&
    !isCellValue(el)
  );
}

/**
 * Whether the icon is all its table cell holds: then it is the cell's value (a comparison table's
 * `check` and `close` for yes and no), and its name is the nearest words for it.
 */
function isCellValue(el: LightElement): boolean {
  const chars = el.stats.nonSpace;
  for (let node = el.parent; node; node = node.parent) {
    if (node.stats.nonSpace !== chars) return false;
    if (node.tag === "td" || node.tag === "th") return true;
  }
  return false;
}

/** Whether the element's own text (its text children, not its descendants') is one JSON value. */
function isDataBlob(el: LightElement): boolean {
  let own = "";
  for (const child of el.children) if (child.type === "text") own += child.data;
  own = own.trim();
  if (own.length < MIN_BLOB_CHARS) return false;
  const first = own[0];
  const last = own[own.length - 1];
  if (!((first === "{" && last === "}") || (first === "[" && last === "]"))) return false;
  try {
    JSON.parse(own);
    return true;
  } catch {
    return false;
  }
}
