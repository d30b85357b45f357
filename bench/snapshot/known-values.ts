/** Whether a snapshot kept the text a reader of the page would need. */

/** How many of a page's known values a snapshot contains. */
export interface KnownValueCheck {
  found: number;
  total: number;
  missing: string[];
}

/**
 * Collapses every run of whitespace (non-breaking spaces included) to one space, so the check is about
 * the words and not about how each tool lays out lines.
 */
export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Checks each value as a whitespace-normalised substring of the snapshot. */
export function checkKnownValues(snapshot: string, values: readonly string[]): KnownValueCheck {
  const haystack = normalizeWhitespace(snapshot);
  const missing = values.filter((value) => !haystack.includes(normalizeWhitespace(value)));
  return { found: values.length - missing.length, total: values.length, missing };
}
