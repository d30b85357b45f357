/**
 * Extraction from content longer than the model's input budget: the decision to split, the parts
 * answered side by side, and their answers merged into one.
 */
import type { ModelMessage, UserContent } from "ai";
import { ClientError, SchemaValidationError } from "../errors.js";
import type { Logger } from "../log/logger.js";
import {
  generateTextAnswer,
  taggedRecorder,
  type CallRecorder,
  type LanguageModelInstance,
  type ModelUsage,
} from "../model/index.js";
import type { InputBudget } from "../model/input-budget.js";
import type { TokenCounter } from "../model/token-counter.js";
import {
  EXTRACT_COMBINE_SYSTEM,
  extractCombinePrompt,
  extractPartPrompt,
  type PromptPart,
} from "../prompts/extract-prompts.js";
import {
  mergeValues,
  partLinks,
  runParts,
  splitContent,
  type ContentChunk,
  type ContentLines,
} from "./chunks/index.js";
import type { ExtractProgress, ExtractReport } from "./extract-report.js";
import { extractIntoSchema, type LinkTable } from "./schema-extraction.js";
import { buildModelFacingSchema, schemaItemKeys, type NormalizedSchema } from "./schema/index.js";

/** Tokens the chat format adds around the messages (role markers, the reply's start), generously. */
const MESSAGE_FRAMING_TOKENS = 32;
/** What each further message adds to the framing (its role marker and separators). */
const MESSAGE_TOKENS = 4;
/** What an attached viewport screenshot costs (OpenAI's high detail at 1280×720: 1,105), with room. */
const IMAGE_TOKENS = 1_600;
/** A part restates this share of the previous part, so an item on the boundary is whole in one of them. */
const OVERLAP_SHARE = 0.12;
/** The content of a part must get at least this share of the budget, or splitting makes no sense. */
const MIN_CONTENT_SHARE = 0.2;
/**
 * A prompt that expects JSON keeps this room free for its repair turn (the issues, added to the request
 * when the first answer would not fit beside them): 5% of the budget, at most 2,000 tokens.
 */
function repairRoom(budget: InputBudget): number {
  return Math.min(2_000, Math.ceil(budget.maxInputTokens * 0.05));
}
/** Default for the `concurrency` option: parts answered at once. */
export const DEFAULT_CONCURRENCY = 4;

/** The model and its limits, as an extraction over long content needs them. */
export interface BudgetedModel {
  model: LanguageModelInstance;
  budget: InputBudget;
  counter: TokenCounter;
  /** `"openai/gpt-4.1-mini"`, for messages. */
  label: string;
}

/** The prompt an extraction would send whole, and how to send it in parts instead. */
export interface LongContentRequest {
  instruction: string;
  /** What the content is, for the prompt's words. */
  kind: "page" | "document";
  /** The whole prompt's user text as sent when it fits: the instruction and labels, then the content. */
  wholePrompt: string;
  /** The content, as lines the splitter can cut. */
  lines: () => ContentLines;
  system: string;
  schema: NormalizedSchema | undefined;
  /** Ids to URLs for the whole content; each part resolves only the ids it shows. */
  links: LinkTable;
  screenshot: Uint8Array | undefined;
}

/** How the parts run and what they report. */
export interface PartRunning {
  concurrency: number;
  itemKey?: string;
  signal: AbortSignal;
  logger: Logger;
  report: ExtractReport;
  onModelCall(usage: ModelUsage, ms: number): void;
  /** Hears each model call as sent and answered, tagged with its part. */
  record?: CallRecorder;
  onProgress?: (progress: ExtractProgress) => void;
}

/**
 * The parts to send when the whole prompt does not fit the model's input budget, or `undefined` when it
 * fits (one call, as for any page).
 *
 * @throws ClientError when the instruction and schema leave no room for content, or one line of the
 *   content alone exceeds what a part may hold.
 */
export function planParts(request: LongContentRequest, model: BudgetedModel): ContentChunk[] | undefined {
  const { budget, counter } = model;
  const schemaTokens = request.schema
    ? counter.count(JSON.stringify(buildModelFacingSchema(request.schema.jsonSchema).schema))
    : 0;
  const fixed =
    counter.count(request.system) +
    schemaTokens +
    MESSAGE_FRAMING_TOKENS +
    (request.screenshot ? IMAGE_TOKENS : 0) +
    (request.schema ? repairRoom(budget) : 0);
  // Every token is at least one byte: a prompt of fewer bytes than the room left fits without counting.
  if (fixed + Buffer.byteLength(request.wholePrompt) <= budget.maxInputTokens) return undefined;

  const content = request.lines();
  const lineTokens = content.lines.map((line) => counter.count(line) + 1);
  const contentTokens = lineTokens.reduce((a, b) => a + b, 0);
  // The whole prompt ends with the content: what comes before it is the instruction and its labels.
  const contentLength = content.lines.reduce((n, line) => n + line.length + 1, -1);
  const instructionTokens = counter.count(
    request.wholePrompt.slice(0, Math.max(0, request.wholePrompt.length - contentLength)),
  );
  // Counting line by line never counts fewer tokens than the whole text has, so this is a safe "fits";
  // near the limit the whole prompt is counted exactly.
  if (fixed + instructionTokens + contentTokens <= budget.maxInputTokens) return undefined;
  if (
    fixed + contentTokens <= budget.maxInputTokens * 1.1 &&
    fixed + counter.count(request.wholePrompt) <= budget.maxInputTokens
  )
    return undefined;

  // The frame of a part prompt (its instruction and labels) with no content; numbers at their widest.
  const frame = counter.count(
    extractPartPrompt(
      request.instruction,
      { index: 99_998, count: 99_999, context: [], body: [] },
      request.kind,
      true,
    ),
  );
  const margin = Math.ceil(budget.maxInputTokens * 0.01) + 16;
  const partTokens = budget.maxInputTokens - fixed - frame - margin;
  const describeBudget = `${budget.maxInputTokens.toLocaleString("en-US")} tokens (${model.label}${
    budget.source === "table"
      ? ""
      : budget.source === "configuration"
        ? ", its maxInputTokens"
        : ", LOUPE_MODEL_MAX_INPUT_TOKENS"
  })`;
  if (partTokens < budget.maxInputTokens * MIN_CONTENT_SHARE) {
    throw new ClientError(
      `The instruction, schema and instructions to the model take ${(fixed + frame).toLocaleString("en-US")} tokens ` +
        `of the model's input budget of ${describeBudget}, leaving too little for the ${request.kind}. ` +
        `Shorten the instruction or the schema, or use a model with a larger window (maxInputTokens).`,
    );
  }
  return splitContent(content, {
    partTokens,
    overlapTokens: Math.floor(partTokens * OVERLAP_SHARE),
    lineTokens,
    describeBudget,
  });
}
/**
 * Whether a conversation fits the model's input budget, counted the way `planParts` counts a prompt: the
 * system prompt and every text by the model's tokenizer, a fixed cost for an image and for the framing.
 */
export function conversationFits(
  model: BudgetedModel,
  system: string,
  messages: readonly ModelMessage[],
): boolean {
  let tokens = model.counter.count(system) + MESSAGE_FRAMING_TOKENS;
  for (const message of messages) {
    tokens += MESSAGE_TOKENS;
    if (typeof message.content === "string") tokens += model.counter.count(message.content);
    else
      for (const part of message.content)
        tokens +=
          part.type === "text"
            ? model.counter.count(part.text)
            : part.type === "image"
              ? IMAGE_TOKENS
              : model.counter.count(JSON.stringify(part));
    if (tokens > model.budget.maxInputTokens) return false;
  }
  return true;
}

/**
 * Answers an instruction over content split into parts: every part asked on its own (at most
 * `concurrency` at once, one repair turn each), then the answers merged by the schema, or — for a
 * free-text answer — combined by one last call. Returns the value (schema) or the free text with link
 * ids left in brackets (the caller turns them into URLs).
 *
 * @throws SchemaValidationError when the merged value does not match the schema; the first part's
 *   error (the others are aborted); the signal's reason when it aborts.
 */
export async function answerParts(
  parts: ContentChunk[],
  request: LongContentRequest,
  model: BudgetedModel,
  running: PartRunning,
): Promise<unknown> {
  running.report.parts = parts.length;
  running.logger.log(
    "info",
    "extract",
    `the ${request.kind} is longer than the model's input budget: split into ${parts.length} parts`,
    {
      parts: parts.length,
      maxInputTokens: model.budget.maxInputTokens,
    },
  );
  const answers: unknown[] = new Array(parts.length);
  let done = 0;
  const progress = (): void => {
    running.onProgress?.({
      parts: parts.length,
      done,
      ...(request.schema
        ? {
            partial: () =>
              mergeValues(
                answers.filter((a) => a !== undefined),
                options,
              ).value,
          }
        : {}),
    });
  };
  const options = {
    ...(running.itemKey !== undefined ? { itemKey: running.itemKey } : {}),
    ...(request.schema ? { schemaKeys: schemaItemKeys(request.schema.jsonSchema) } : {}),
  };
  progress();
  const results = await runParts(parts, (part, signal) => answerPart(part, request, model, running, signal), {
    concurrency: running.concurrency,
    signal: running.signal,
    onDone: (part, answer) => {
      answers[part.index] = answer;
      done++;
      progress();
    },
  });

  if (!request.schema) return combineTexts(results as string[], request, model, running);
  const merged = mergeValues(results, options);
  running.report.conflicts = merged.conflicts;
  if (merged.conflicts.length)
    running.logger.log(
      "warn",
      "extract",
      "parts of the page gave different values for the same field; the first was kept",
      {
        conflicts: merged.conflicts.length,
      },
    );
  const validation = await request.schema.validate(merged.value);
  if (!validation.ok) throw new SchemaValidationError(validation.issues, merged.value);
  return validation.value;
}

async function answerPart(
  part: ContentChunk,
  request: LongContentRequest,
  model: BudgetedModel,
  running: PartRunning,
  signal: AbortSignal,
): Promise<unknown> {
  // The viewport screenshot shows the top of the page: it goes with the first part only.
  const screenshot = part.index === 0 ? request.screenshot : undefined;
  const promptPart: PromptPart = part;
  const user: UserContent = [
    {
      type: "text",
      text: extractPartPrompt(request.instruction, promptPart, request.kind, screenshot !== undefined),
    },
    ...(screenshot ? [{ type: "image" as const, image: screenshot, mediaType: "image/png" }] : []),
  ];
  const messages: ModelMessage[] = [{ role: "user", content: user }];
  const record = taggedRecorder(running.record, { part: { index: part.index, count: running.report.parts } });
  if (!request.schema) {
    const answer = await generateTextAnswer({
      model: model.model,
      system: request.system,
      messages,
      signal,
      ...(record ? { record } : {}),
    });
    running.onModelCall(answer.usage, answer.ms);
    return answer.text;
  }
  return extractIntoSchema({
    schema: request.schema,
    links: partLinks([...part.context, ...part.body], request.links),
    model: model.model,
    system: request.system,
    messages,
    signal,
    part: true,
    ...(record ? { record } : {}),
    fits: (conversation) => conversationFits(model, request.system, conversation),
    onModelCall: (usage, ms) => running.onModelCall(usage, ms),
    onRepair: (issues) =>
      running.logger.log(
        "info",
        "extract",
        `part ${part.index + 1}'s answer does not fit the schema; asking for a repair`,
        {
          issues: issues.length,
        },
      ),
  });
}

/**
 * One answer from the parts' free-text answers: one last call over all of them, or — when together they
 * do not fit the model's input budget — calls over groups that fit, then over the groups' answers, until
 * one answer is left.
 *
 * @throws ClientError when one part's answer alone is too long to combine with anything.
 */
async function combineTexts(
  answers: string[],
  request: LongContentRequest,
  model: BudgetedModel,
  running: PartRunning,
): Promise<string> {
  const fits = (group: readonly string[]) =>
    conversationFits(model, EXTRACT_COMBINE_SYSTEM, [combineMessage(request.instruction, group)]);
  let round = answers;
  do {
    const groups = groupFitting(round, fits);
    // Groups of one are not progress: they are passed on unchanged, and if every group is one, no two fit.
    if (groups.length === round.length && (round.length > 1 || !fits(round)))
      throw new ClientError(
        `The parts' answers are too long to combine within the model's input budget of ${model.budget.maxInputTokens.toLocaleString("en-US")} tokens ` +
          `(${model.label}): no two of them fit one prompt. Ask for a shorter answer, give the instruction a schema, or use a model with a larger window (maxInputTokens).`,
      );
    if (groups.length > 1)
      running.logger.log("info", "extract", "the parts' answers are combined in groups that fit the budget", {
        answers: round.length,
        groups: groups.length,
      });
    round = await runParts(
      groups,
      (group, signal) =>
        group.length === 1 && groups.length > 1
          ? Promise.resolve(group[0]!)
          : combineGroup(group, request, model, running, signal),
      { concurrency: running.concurrency, signal: running.signal },
    );
  } while (round.length > 1);
  return round[0]!;
}

/** Consecutive answers packed into groups whose combine prompt fits; an answer that fits alone is its own group. */
function groupFitting(answers: readonly string[], fits: (group: readonly string[]) => boolean): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  for (const answer of answers) {
    if (current.length && !fits([...current, answer])) {
      groups.push(current);
      current = [];
    }
    current.push(answer);
  }
  if (current.length) groups.push(current);
  return groups;
}

function combineMessage(instruction: string, answers: readonly string[]): ModelMessage {
  return { role: "user", content: extractCombinePrompt(instruction, answers) };
}

async function combineGroup(
  answers: string[],
  request: LongContentRequest,
  model: BudgetedModel,
  running: PartRunning,
  signal: AbortSignal,
): Promise<string> {
  const answer = await generateTextAnswer({
    model: model.model,
    system: EXTRACT_COMBINE_SYSTEM,
    messages: [combineMessage(request.instruction, answers)],
    signal,
    ...(running.record ? { record: (call) => running.record?.({ ...call, combine: true }) } : {}),
  });
  running.onModelCall(answer.usage, answer.ms);
  return answer.text;
}
