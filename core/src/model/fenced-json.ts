/**
 * Reading JSON that a model wrapped in a Markdown code fence. Models without native structured output
 * (or behind servers that ignore `response_format`) often answer "```json\n{…}\n```"; the JSON inside is
 * still the answer, so one failed parse should not cost a whole call.
 */

const FENCE = /^\s*```[a-zA-Z]*\s*\n([\s\S]*?)\n?\s*```\s*$/;

/**
 * The value inside a text that is exactly one fenced code block holding JSON, or `undefined` when the
 * text is anything else (prose around the fence included: then what the model meant is not certain).
 */
export function parseFencedJson(text: string): { value: unknown } | undefined {
  const inner = FENCE.exec(text)?.[1];
  if (inner === undefined) return undefined;
  try {
    return { value: JSON.parse(inner) as unknown };
  } catch {
    return undefined;
  }
}
