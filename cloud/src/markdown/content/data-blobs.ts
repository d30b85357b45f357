/**
 * State a page's scripts read from the markup: a widget's configuration or a grid's state serialised as
 * JSON into an element's text (`<div class="state" hidden>{"painterId":…}</div>`), meant for code, not
 * for a reader. Such text is data, however much of it there is (one blob may outweigh the page's prose
 * and pull the content region toward itself), so it goes before the content is looked for. Told by
 * what it is: an element's own text that is one JSON object or array and parses. Code shown to the
 * reader (`<pre>`, `<code>`) keeps its JSON.
 */
import { forEachDescendant, removeNode, type LightElement } from "../dom/light-dom.js";

/** Shorter JSON is as likely a reader's snippet (`{"a": 1}` in a sentence about an API) as state. */
const MIN_BLOB_CHARS = 100;

/** Elements whose text is shown as code (JSON there is for the reader), or never shown at all. */
const LEFT_ALONE = new Set([
  "pre", "code", "samp", "kbd", "textarea", "xmp", "listing", "plaintext", "script", "style", "template",
]); // prettier-ignore

export function removeDataBlobs(root: LightElement): void {
  const doomed: LightElement[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "text") return false;
    if (LEFT_ALONE.has(node.tag)) return false;
    if (isDataBlob(node)) {
      doomed.push(node);
      return false;
    }
    return true;
  });
  for (const el of doomed) removeNode(el);
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
