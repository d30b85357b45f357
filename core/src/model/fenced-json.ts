/**
 * Reading JSON that a model wrapped in a Markdown code fence. Models without native structured output
 * (or behind servers that ignore `response_format`) often answer "```json\n{…}\n```"; the JSON inside is
 * still the answer, so one failed parse should not cost a whole call.
 */

// Matched against the trimmed answer: spaces around the fence and around the JSON inside it (which
// JSON.parse skips) are left to trim and parse, since optional spaces on both sides of an optional
// newline backtrack for seconds on a few kilobytes of blank lines.
const FENCE = /^```[a-zA-Z]*[^\S\n]*\n([\s\S]*)```$/;

/**
 * The value inside a text that is exactly one fenced code block holding JSON, or `undefined` when the
 * text is anything else (prose around the fence included: then what the model meant is not certain).
 */
export function parseFencedJson(text: string): { value: unknown } | undefined {
  const inner = FENCE.exec(text.trim())?.[1];
  if (inner === undefined) return undefined;
  try {
    return { value: JSON.parse(inner) as unknown };
  } catch {
    return undefined;
  }
}
