/**
 * Every text Loupe sends to a model for `extract`, in one place, so a change of wording is one diff and
 * the tests can show the exact words sent.
 */

/** The system prompt for extraction into a schema. */
export const EXTRACT_SCHEMA_SYSTEM = [
  "You extract data from a web page into JSON that matches the given schema.",
  "The page is an accessibility-tree snapshot: one element per line as `[id] role: name`, text on lines of its own, children indented under their parent, the content of frames under their `Iframe` line.",
  "Answer only with what the page shows; never invent values. Where the page lacks a value, use null if the schema allows it, else an empty string or empty list.",
  "A field that holds a link or URL is answered with the id of the link element (the text in square brackets before `link`, like 2-17), never with a URL: Loupe puts in the link's address.",
].join("\n");

/** The system prompt for a free-text answer to an instruction. */
export const EXTRACT_TEXT_SYSTEM = [
  "You answer an instruction about a web page in plain text, from the page's content only.",
  "The page is an accessibility-tree snapshot: one element per line as `[id] role: name`, text on lines of its own, children indented under their parent, the content of frames under their `Iframe` line.",
  "Never write a URL. To point at a link, write its id in square brackets, like [2-17]: Loupe replaces it with the link's address.",
].join("\n");

/** The user message: the instruction, then the page. */
export function extractUserPrompt(
  instruction: string,
  snapshotText: string,
  withScreenshot: boolean,
): string {
  return (
    `Instruction: ${instruction}\n\n` +
    (withScreenshot ? "A screenshot of the visible part of the page is attached.\n\n" : "") +
    `Page snapshot:\n${snapshotText}`
  );
}

/** The repair turn: what was wrong with the previous answer. */
export function extractRepairPrompt(issueList: string): string {
  return (
    `Your answer does not match the schema:\n${issueList}\n\n` +
    "Answer again with the complete, corrected JSON. Remember: link fields take the link's id (like 2-17), not a URL."
  );
}

/**
 * The note added to a request asked again because its first answer did not match the schema and the
 * conversation with that answer would not fit the model's window: the issues, without the answer.
 */
export function extractRestatedRepairPrompt(issueList: string): string {
  return (
    `An earlier answer to this request did not match the schema:\n${issueList}\n\n` +
    "Answer with the complete JSON, without these problems. Remember: link fields take the link's id (like 2-17), not a URL."
  );
}

/** The system prompt for extraction into a schema from a fetched document (Loupe Cloud's `format: "json"`). */
export const DOCUMENT_SCHEMA_SYSTEM = [
  "You extract data from a web page's main content, given as markdown, into JSON that matches the given schema.",
  "Answer only with what the document says; never invent values. Where it lacks a value, use null if the schema allows it, else an empty string or empty list.",
  "Links are written as [text](id), with an id like 0-12 where the address was. A field that holds a link or URL is answered with that id, never with a URL: Loupe puts in the link's address.",
].join("\n");

/** The user message for a document extraction: what to extract, then the document. */
export function documentUserPrompt(instruction: string, documentText: string): string {
  return `Instruction: ${instruction}\n\nDocument:\n${documentText}`;
}

/** What a document extraction asks for when the caller gives only a schema. */
export const DEFAULT_DOCUMENT_INSTRUCTION = "Extract the data the schema describes.";

/** One part of content too long for one prompt, as a prompt shows it. */
export interface PromptPart {
  /** 0-based. */
  index: number;
  count: number;
  /** Earlier lines repeated so the part keeps its context (the elements or sections it sits in). */
  context: string[];
  body: string[];
}

/**
 * The user message for one part of a long page or document: what to extract, where the part sits, and
 * the part itself. Parts overlap, so an item cut off at a part's edge is left to the part that has it whole.
 */
export function extractPartPrompt(
  instruction: string,
  part: PromptPart,
  content: "page" | "document",
  withScreenshot: boolean,
): string {
  const n = part.index + 1;
  const edges = [part.index > 0 ? "start" : "", part.index < part.count - 1 ? "end" : ""].filter(Boolean);
  const label = content === "page" ? "Page snapshot" : "Document";
  return (
    `Instruction: ${instruction}\n\n` +
    `The ${content} is too long for one message, so it comes in ${part.count} parts; this is part ${n} of ${part.count}. ` +
    `Answer from this part only: the other parts are answered separately and the answers are merged.` +
    (edges.length
      ? ` This part may cut an item off at its ${edges.join(" and ")}: leave out any item that is not whole here (the neighbouring part repeats the boundary and has it whole).`
      : "") +
    "\n\n" +
    (withScreenshot ? "A screenshot of the visible part of the page is attached.\n\n" : "") +
    (part.context.length
      ? `Where this part sits (lines from earlier in the ${content}, repeated for context):\n${part.context.join("\n")}\n\n`
      : "") +
    `${label}, part ${n} of ${part.count}:\n${part.body.join("\n")}`
  );
}

/** The system prompt for combining free-text answers to the parts of a long page into one. */
export const EXTRACT_COMBINE_SYSTEM = [
  "A web page too long for one message was read in parts, and an instruction about it was answered for each part on its own.",
  "Combine the parts' answers into the one answer you would give having read the whole page: keep every fact they found, drop repeats, and ignore parts that found nothing relevant.",
  "Never write a URL. Keep link ids in square brackets, like [2-17], exactly as the parts wrote them: Loupe replaces them with the links' addresses.",
].join("\n");

/** The user message for combining the parts' free-text answers. */
export function extractCombinePrompt(instruction: string, answers: readonly string[]): string {
  return (
    `Instruction: ${instruction}\n\n` +
    answers
      .map((answer, i) => `Answer from part ${i + 1} of ${answers.length}:\n${answer.trim() || "(nothing)"}`)
      .join("\n\n")
  );
}
