import type { ModelMessage, UserContent } from "ai";
import type { PageSessions } from "../cdp/page-sessions.js";
import type { MetricsRecorder } from "../client/metrics.js";
import { maskError, maskValue, type Mask } from "../client/secret-redactor.js";
import { ClientError } from "../errors.js";
import type { Logger } from "../log/logger.js";
import {
  describeModel,
  generateTextAnswer,
  type LanguageModelInstance,
  type ModelUsage,
  type CallRecorder,
} from "../model/index.js";
import type { InputBudget } from "../model/input-budget.js";
import { loadTokenCounter } from "../model/token-counter.js";
import { EXTRACT_SCHEMA_SYSTEM, EXTRACT_TEXT_SYSTEM, extractUserPrompt } from "../prompts/extract-prompts.js";
import { takeSnapshot, type PageSnapshot } from "../snapshot/page-snapshot.js";
import { abortablePageRead } from "./abortable.js";
import type { ExtractOptions } from "./extract-arguments.js";
import { snapshotLines } from "./chunks/index.js";
import type { ExtractProgress, ExtractReport } from "./extract-report.js";
import {
  answerParts,
  conversationFits,
  DEFAULT_CONCURRENCY,
  planParts,
  type LongContentRequest,
} from "./long-content.js";
import { extractIntoSchema } from "./schema-extraction.js";
import type { NormalizedSchema } from "./schema/index.js";
import { replaceLinkIdsInText } from "./text-links.js";

/** What reading the page for an extraction needs. */
export interface PageReading {
  sessions: PageSessions;
  /** Hides secrets (act variables' values) in text sent to the model and in what is returned. */
  redact: Mask;
  logger: Logger;
  signal: AbortSignal;
}

/**
 * An extraction with the page read and the prompt built, before any model call: everything that
 * determines the model's answer is here, so Loupe Cloud keys its result cache on it.
 */
export interface PreparedExtract {
  instruction: string;
  /** The snapshot the answer's link ids are resolved against. */
  snapshot: PageSnapshot;
  /** The user message's text exactly as the model receives it (instruction and snapshot, masked). */
  promptText: string;
  /** The redacted snapshot text: what is split into parts when the prompt exceeds the model's budget. */
  contentText: string;
  /** The viewport PNG sent with the prompt when `screenshot` was asked for. */
  screenshot: Uint8Array | undefined;
}

/** What answering a prepared extraction needs. */
export interface ExtractAnswering {
  model: LanguageModelInstance;
  /** Masks secrets in the answer and in errors (link substitution can bring back a URL that holds one). */
  redact: Mask;
  /** The model's input budget: a longer prompt is split into parts. */
  budget: InputBudget;
  metrics: MetricsRecorder;
  logger: Logger;
  signal: AbortSignal;
  /** Parts answered at once when the page is split (default {@link DEFAULT_CONCURRENCY}). */
  concurrency?: number;
  /** The property that identifies an item of a list, for merging parts' lists. */
  itemKey?: string;
  /** Filled in as the extraction goes: parts, calls, tokens, conflicts. */
  report: ExtractReport;
  /** Hears each model call as sent and answered, failed ones included (what the model saw). */
  record?: CallRecorder;
  onProgress?: (progress: ExtractProgress) => void;
}

/**
 * Reads the page (and the viewport, when asked) and builds the prompt; makes no model call.
 * @throws ClientError for a screenshot of a page that shows a variable's value: pixels cannot be masked.
 */
export async function prepareExtract(
  instruction: string,
  options: ExtractOptions,
  reading: PageReading,
): Promise<PreparedExtract> {
  const snapshot = await readPage(options, reading);
  if (options.screenshot) refuseScreenshotOfSecrets(snapshot.text, reading.redact);
  const screenshot = options.screenshot
    ? await abortablePageRead(captureViewport(reading.sessions), reading.signal)
    : undefined;
  const contentText = reading.redact(snapshot.text);
  const promptText = reading.redact(extractUserPrompt(instruction, snapshot.text, screenshot !== undefined));
  return { instruction, snapshot, promptText, contentText, screenshot };
}

/** The page text as the model reads it: secrets masked. */
export async function readPageText(
  options: ExtractOptions,
  reading: PageReading,
): Promise<{ pageText: string }> {
  return { pageText: reading.redact((await readPage(options, reading)).text) };
}

/**
 * Makes the model call(s) of a prepared extraction, with secrets masked in the answer and in any error
 * (a schema miss carries the value received).
 */
export async function answerExtract(
  prepared: PreparedExtract,
  schema: NormalizedSchema | undefined,
  answering: ExtractAnswering,
): Promise<unknown> {
  try {
    return maskValue(await answer(prepared, schema, answering), answering.redact);
  } catch (error) {
    throw maskError(error, answering.redact);
  }
}

function refuseScreenshotOfSecrets(snapshotText: string, redact: Mask): void {
  const masked = redact(snapshotText);
  if (masked === snapshotText) return;
  const names = [...new Set(masked.match(/%[A-Za-z_][\w-]*%/g) ?? [])].filter(
    (name) => !snapshotText.includes(name),
  );
  throw new ClientError(
    `The page shows the value of ${names.join(", ") || "a variable"} (typed by act()), and a screenshot would send it to the model, where page text has it masked. ` +
      "Extract without `screenshot`, or clear the field first.",
  );
}

/**
 * Asks the model about a prepared extraction: one call for a free-text answer (`schema` undefined), or
 * the schema extraction with its one repair turn. A prompt longer than the model's input budget is split
 * into parts answered side by side and merged (see long-content.ts).
 */
async function answer(
  prepared: PreparedExtract,
  schema: NormalizedSchema | undefined,
  answering: ExtractAnswering,
): Promise<unknown> {
  const { report } = answering;
  report.maxInputTokens = answering.budget.maxInputTokens;
  const onModelCall = (usage: ModelUsage, ms: number) => {
    answering.metrics.recordLlmCall("extract", usage, ms);
    report.llmCalls += 1;
    report.inputTokens += usage.inputTokens ?? 0;
    report.outputTokens += usage.outputTokens ?? 0;
  };
  const request: LongContentRequest = {
    // The instruction is masked like the page: a variable's value typed into it never reaches the model.
    instruction: answering.redact(prepared.instruction),
    kind: "page",
    wholePrompt: prepared.promptText,
    lines: () => snapshotLines(prepared.contentText),
    system: schema ? EXTRACT_SCHEMA_SYSTEM : EXTRACT_TEXT_SYSTEM,
    schema,
    links: prepared.snapshot,
    screenshot: prepared.screenshot,
  };
  const budgeted = {
    model: answering.model,
    budget: answering.budget,
    counter: await loadTokenCounter(answering.budget.tokenizer),
    label: describeModel(answering.model),
  };
  const parts = planParts(request, budgeted);
  if (parts) {
    const answer = await answerParts(parts, request, budgeted, {
      concurrency: answering.concurrency ?? DEFAULT_CONCURRENCY,
      ...(answering.itemKey !== undefined ? { itemKey: answering.itemKey } : {}),
      signal: answering.signal,
      logger: answering.logger,
      report,
      onModelCall,
      ...(answering.record ? { record: answering.record } : {}),
      ...(answering.onProgress ? { onProgress: answering.onProgress } : {}),
    });
    return schema ? answer : { extraction: replaceLinkIdsInText(answer as string, prepared.snapshot) };
  }

  report.parts = 1;
  const user: UserContent = [
    { type: "text", text: prepared.promptText },
    ...(prepared.screenshot
      ? [{ type: "image" as const, image: prepared.screenshot, mediaType: "image/png" }]
      : []),
  ];
  const messages: ModelMessage[] = [{ role: "user", content: user }];
  if (!schema) {
    const answer = await generateTextAnswer({
      model: answering.model,
      system: EXTRACT_TEXT_SYSTEM,
      messages,
      signal: answering.signal,
      ...(answering.record ? { record: answering.record } : {}),
    });
    onModelCall(answer.usage, answer.ms);
    return { extraction: replaceLinkIdsInText(answer.text, prepared.snapshot) };
  }
  return extractIntoSchema({
    schema,
    links: prepared.snapshot,
    model: answering.model,
    system: EXTRACT_SCHEMA_SYSTEM,
    messages,
    signal: answering.signal,
    fits: (conversation) => conversationFits(budgeted, EXTRACT_SCHEMA_SYSTEM, conversation),
    onModelCall,
    ...(answering.record ? { record: answering.record } : {}),
    onRepair: (issues) =>
      answering.logger.log(
        "info",
        "extract",
        "the answer does not fit the schema; asking the model to repair it",
        {
          issues: issues.length,
        },
      ),
  });
}

/** The snapshot the call asks for, within the call's time limit. */
export async function readPage(options: ExtractOptions, reading: PageReading): Promise<PageSnapshot> {
  const started = performance.now();
  const snapshot = await abortablePageRead(
    takeSnapshot(reading.sessions, {
      selector: options.selector,
      ignoreSelectors: options.ignoreSelectors,
    }),
    reading.signal,
  );
  reading.logger.log("debug", "snapshot", "read the page", {
    ms: Math.round(performance.now() - started),
    chars: snapshot.text.length,
    elements: snapshot.elements.size,
  });
  return snapshot;
}

async function captureViewport(sessions: PageSessions): Promise<Uint8Array> {
  const { data } = await sessions.root.send("Page.captureScreenshot", { format: "png" });
  return Buffer.from(data, "base64");
}
