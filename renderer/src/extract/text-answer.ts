/** A result that is one piece of text, and what that text is. */
export interface TextAnswer {
  /** `answer`: a free-text answer (no schema); `page text`: the page text (no instruction). */
  kind: "answer" | "page text";
  text: string;
}

/**
 * The text of a result that is nothing but text: `{ extraction }` (an instruction without a schema) or
 * `{ pageText }` (no instruction). Read as text, not as JSON: "line one\nline two" with its quotes and
 * escapes is not what the model wrote.
 */
export function textAnswerOf(result: unknown): TextAnswer | undefined {
  if (!result || typeof result !== "object" || Array.isArray(result)) return undefined;
  const entries = Object.entries(result);
  if (entries.length !== 1) return undefined;
  const [key, value] = entries[0] ?? [];
  if (typeof value !== "string") return undefined;
  if (key === "extraction") return { kind: "answer", text: value };
  if (key === "pageText") return { kind: "page text", text: value };
  return undefined;
}
