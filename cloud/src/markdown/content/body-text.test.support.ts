import { parsePage } from "../dom/parse-document.js";
import type { LightElement } from "../dom/light-dom.js";

/**
 * What a reader would read of a page after one content pass: `change` runs on the body of a copy of the
 * page parsed from `html`, and the body's text comes back with its whitespace collapsed. Shared by the
 * passes' unit tests, which each ask what text a rule left.
 */
export function bodyTextAfter(html: string, change: (body: LightElement) => void): string {
  const doc = parsePage(html).copy();
  change(doc.body);
  return doc.body.textContent.replace(/\s+/g, " ").trim();
}

/** A sentence of story text, as the passes' tests put around what a rule should remove. */
export const STORY =
  "The harbour master counted forty boats leaving before dawn, more than any spring since the pier was rebuilt. ";
