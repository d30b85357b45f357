import type { JSONSchema7 } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { SchemaValidationError, type SchemaIssue } from "../errors.js";
import {
  generateJson,
  taggedRecorder,
  type CallRecorder,
  type JsonCallResult,
  type LanguageModelInstance,
  type ModelUsage,
} from "../model/index.js";
import { extractRepairPrompt, extractRestatedRepairPrompt } from "../prompts/extract-prompts.js";
import {
  buildModelFacingSchema,
  formatRepairIssues,
  substituteLinkIds,
  unwrapModelValue,
  WRAPPER_KEY,
  type ModelFacingSchema,
  type NormalizedSchema,
} from "./schema/index.js";

/** What the content being extracted from knows about its links: ids to URLs. */
export interface LinkTable {
  /** The absolute URL of the link with this id, or undefined when the id names no link. */
  linkUrl(id: string): string | undefined;
  /** Whether a URL is the target of one of the content's links. */
  isLinkUrl(url: string): boolean;
}

/** One extraction into a schema: the conversation so far and what to report along the way. */
export interface SchemaExtraction {
  schema: NormalizedSchema;
  links: LinkTable;
  model: LanguageModelInstance;
  system: string;
  /** The conversation: the user's request with the content. Repair turns are appended to it. */
  messages: ModelMessage[];
  signal?: AbortSignal;
  /** Hears each model call as sent and answered (the repair turn tagged so), failed ones included. */
  record?: CallRecorder;
  /** Called after every model call, for metrics. */
  onModelCall?: (usage: ModelUsage, ms: number) => void;
  /** Called when the first answer needs a repair turn. */
  onRepair?: (issues: SchemaIssue[]) => void;
  /**
   * The content is one part of a longer whole: a field the part leaves empty is not an issue (another
   * part may fill it), and the answer is returned with link ids substituted but not yet validated, so
   * the merged answer of all parts is validated once.
   */
  part?: boolean;
  /**
   * Whether a conversation fits the model's input budget. The repair turn adds the first answer to the
   * conversation, which can push a prompt that fitted past the window: then the request is asked again
   * whole with the issues added instead. Without it, every conversation is assumed to fit.
   */
  fits?: (messages: readonly ModelMessage[]) => boolean;
}

/**
 * Asks the model for data shaped by the schema and checks the answer: link ids in URL fields become
 * URLs, then the caller's own schema validates. A failing answer gets one repair turn listing the issues;
 * a second failure throws `SchemaValidationError`. One model call when the answer is right the first time.
 */
export async function extractIntoSchema(extraction: SchemaExtraction): Promise<unknown> {
  const modelSchema = buildModelFacingSchema(extraction.schema.jsonSchema);
  const ask = async (repair: boolean): Promise<JsonCallResult> => {
    const record = taggedRecorder(extraction.record, { repair });
    const answer = await generateJson({
      model: extraction.model,
      system: extraction.system,
      messages: extraction.messages,
      schema: modelSchema.schema as JSONSchema7,
      schemaName: "extraction",
      ...(extraction.signal ? { signal: extraction.signal } : {}),
      ...(record ? { record } : {}),
    });
    extraction.onModelCall?.(answer.usage, answer.ms);
    return answer;
  };

  const part = extraction.part === true;
  const first = await check(await ask(false), extraction.schema, modelSchema, extraction.links, part);
  if (first.ok) return first.value;
  extraction.onRepair?.(first.issues);
  const repair = repairConversation(extraction, first, modelSchema.wrapped ? [WRAPPER_KEY] : []);
  // No room for the repair turn: the first answer's issues are what there is to report.
  if (!repair) throw new SchemaValidationError(first.issues, first.received);
  extraction.messages.splice(0, extraction.messages.length, ...repair);
  const second = await check(await ask(true), extraction.schema, modelSchema, extraction.links, part);
  if (second.ok) return second.value;
  throw new SchemaValidationError(second.issues, second.received);
}

type Failed = Extract<Checked, { ok: false }>;

/** The shorter lists of issues tried, in turn, when the whole list would not fit the window. */
const FEW_ISSUES = [20, 5];

/**
 * The conversation for the repair turn: the first answer and its issues after the request, or — when
 * that passes the model's input budget — the request alone with the issues added to it, all of them or
 * the first few. Undefined when not even that fits.
 */
function repairConversation(
  extraction: SchemaExtraction,
  first: Failed,
  pathPrefix: string[],
): ModelMessage[] | undefined {
  const fits = extraction.fits ?? (() => true);
  const list = (issues: readonly SchemaIssue[]) => formatRepairIssues(issues, { pathPrefix });
  const turn: ModelMessage[] = [
    ...extraction.messages,
    { role: "assistant", content: first.text },
    { role: "user", content: extractRepairPrompt(list(first.issues)) },
  ];
  if (fits(turn)) return turn;
  const lists = [list(first.issues)];
  for (const few of FEW_ISSUES)
    if (first.issues.length > few)
      lists.push(
        `${list(first.issues.slice(0, few))}\n- …and ${first.issues.length - few} more issues like these`,
      );
  for (const issues of lists) {
    const restated = withNote(extraction.messages, extractRestatedRepairPrompt(issues));
    if (fits(restated)) return restated;
  }
  return undefined;
}

/** The conversation with a note added to its last user message. */
function withNote(messages: readonly ModelMessage[], note: string): ModelMessage[] {
  const out = [...messages];
  const last = out.findLastIndex((m) => m.role === "user");
  const message = out[last];
  if (!message || message.role !== "user") return [...out, { role: "user", content: note }];
  out[last] = {
    ...message,
    content:
      typeof message.content === "string"
        ? `${message.content}\n\n${note}`
        : [...message.content, { type: "text", text: note }],
  };
  return out;
}

type Checked =
  { ok: true; value: unknown } | { ok: false; issues: SchemaIssue[]; received: unknown; text: string };

/** Link ids → URLs, then the caller's own schema. Issues of both kinds go to the repair turn together. */
async function check(
  answer: JsonCallResult,
  schema: NormalizedSchema,
  modelSchema: ModelFacingSchema,
  links: LinkTable,
  part: boolean,
): Promise<Checked> {
  const unwrapped = unwrapModelValue(modelSchema, answer.value);
  const substituted = substituteLinkIds({
    value: unwrapped,
    urlPaths: modelSchema.urlPaths,
    resolveLinkId: (id) => links.linkUrl(id),
    isKnownUrl: (url) => links.isLinkUrl(url),
  });
  const validation = await schema.validate(substituted.value);
  if (validation.ok && substituted.issues.length === 0)
    return { ok: true, value: part ? substituted.value : validation.value };
  // A field whose link id could not be resolved also fails the URL format check: report it once.
  const linkPaths = new Set(substituted.issues.map((issue) => JSON.stringify(issue.path)));
  const schemaIssues = validation.ok
    ? []
    : validation.issues.filter(
        (issue) =>
          !linkPaths.has(JSON.stringify(issue.path)) && !(part && isEmptyAt(substituted.value, issue.path)),
      );
  if (part && substituted.issues.length === 0 && schemaIssues.length === 0)
    return { ok: true, value: substituted.value };
  return {
    ok: false,
    issues: [...substituted.issues, ...schemaIssues],
    received: substituted.value,
    text: answer.text,
  };
}

/** Whether the value has nothing (absent, null, "") at `path`: a part that did not see the field. */
function isEmptyAt(value: unknown, path: readonly (string | number)[]): boolean {
  let node = value;
  for (const step of path) {
    if (typeof node !== "object" || node === null) return node === undefined || node === null;
    node = (node as Record<string | number, unknown>)[step];
  }
  return node === undefined || node === null || node === "";
}
