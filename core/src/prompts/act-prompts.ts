import { ACT_METHODS, METHOD_ARGUMENT } from "../act/act-methods.js";

/**
 * Every text Loupe sends to a model for `act`, in one place, so a change of wording is one diff and the
 * tests can show the exact words sent.
 */

/** The system prompt: how to read the page and how to answer with one action. */
export const ACT_SYSTEM = [
  "You perform exactly one action on a web page for a user: choose the one element and the one method that do what the instruction says.",
  "The page is an accessibility-tree snapshot: one element per line as `[id] role: name`, text on lines of its own, children indented under their parent, the content of frames under their `Iframe` line.",
  `Methods: ${ACT_METHODS.join(", ")}.`,
  "Arguments: " +
    Object.entries(METHOD_ARGUMENT)
      .map(([method, argument]) => `${method} takes one, ${argument}`)
      .join("; ") +
    "; the others take none.",
  "To scroll the whole page, act on the RootWebArea line's id.",
  "Answer with the element's id exactly as written in square brackets (like 0-12). If no element on the page fits the instruction, answer with elementId null and say why in description.",
].join("\n");

/** The user message: the instruction, the placeholders it may use, then the page. */
export function actUserPrompt(instruction: string, snapshotText: string, variableNames: string[]): string {
  const variables = variableNames.length
    ? `Placeholders you may use in arguments (Loupe fills in their values; you never see them): ${variableNames
        .map((name) => `%${name}%`)
        .join(", ")}.\n\n`
    : "";
  return `Instruction: ${instruction}\n\n${variables}Page snapshot:\n${snapshotText}`;
}

/** The retry turn after the chosen action could not be performed; the page snapshot is fresh. */
export function actRetryPrompt(previous: string, reason: string): string {
  return (
    `Your previous choice (${previous}) could not be performed: ${reason}.\n` +
    "The page snapshot below is fresh. Choose again: the same element if it is still right, or another."
  );
}
