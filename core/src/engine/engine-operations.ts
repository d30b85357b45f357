import type { ActOptions } from "../act/act-arguments.js";
import { runAct, type ActedElement, type ActResult } from "../act/run-act.js";
import type { PageSessions } from "../cdp/page-sessions.js";
import { MetricsRecorder, type OperationName } from "../client/metrics.js";
import { maskValue, SecretRedactor, type Mask } from "../client/secret-redactor.js";
import { answerExtract, prepareExtract, readPageText } from "../extract/extract-steps.js";
import type { ExtractOptions } from "../extract/extract-arguments.js";
import { normalizeSchema } from "../extract/schema/index.js";
import type { JSONSchema } from "../extract/schema/index.js";
import type { Logger } from "../log/logger.js";
import {
  ModelTranscript,
  resolveLanguageModel,
  type CallRecorder,
  type ModelCallTranscript,
  type ModelConfiguration,
} from "../model/index.js";
import { resolveInputBudget } from "../model/input-budget.js";
import { emptyExtractReport, type ExtractProgress } from "../extract/extract-report.js";

/** What one server-side operation cost. */
export interface EngineUsage {
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** Wall-clock milliseconds of the operation. */
  ms: number;
}

/** The usage of an operation that asked no model (page text, a cache hit): nothing but its time. */
export function noModelUsage(ms: number): EngineUsage {
  return { llmCalls: 0, inputTokens: 0, outputTokens: 0, ms };
}

/** The page an operation works on, and how it may be stopped. */
export interface EngineContext {
  sessions: PageSessions;
  model: ModelConfiguration;
  /** Aborts the work (and the model request in flight); its reason is what the call rejects with. */
  signal: AbortSignal;
  logger?: Logger;
  /**
   * The values to keep out of prompts, results and errors: a hosted session keeps one for its whole life,
   * so a value act typed is masked in every later extract (and so never reaches the result cache).
   * Default: a new one for this operation alone.
   */
  secrets?: SecretRedactor;
  /**
   * Hears the operation's own usage once its model work ends, failed or aborted included: what a run
   * cost even when it throws (a schema the answers never met, a cancel mid-way). A successful call also
   * returns it.
   */
  onUsage?: (usage: EngineUsage) => void;
  /**
   * Hears what the model saw, when the operation's model work ends (failed or aborted included, like
   * `onUsage`): every call in order, as sent (prompts already masked) and as answered, with the answers'
   * secrets masked too. Images are described by media type and size, not kept.
   */
  onTranscript?: (calls: ModelCallTranscript[]) => void;
}

/** A server-side extract request, in the HTTP API's terms (the schema is JSON Schema). */
export interface EngineExtractRequest {
  instruction?: string;
  schema?: Record<string, unknown>;
  options?: Pick<ExtractOptions, "selector" | "ignoreSelectors" | "screenshot" | "concurrency" | "itemKey">;
  /** Called as the parts of a page longer than the model's budget are answered. */
  onProgress?: (progress: ExtractProgress) => void;
}

/** A server-side extraction after the page was read: nothing has been asked of the model yet. */
export type EngineExtract =
  | {
      /** Page text alone: no model, the result is final. */
      needsModel: false;
      result: { pageText: string };
    }
  | {
      needsModel: true;
      /** The user message exactly as the model would receive it: the instruction and the snapshot. */
      promptText: string;
      /** The viewport PNG that goes with it, when `screenshot` was asked for. */
      screenshot: Uint8Array | undefined;
      /** The schema as the engine reads it (undefined for a free-text answer). */
      jsonSchema: JSONSchema | undefined;
      /** Makes the model call(s); the result is `{ extraction }` or the schema's value. */
      answer(): Promise<{ result: unknown; usage: EngineUsage }>;
    };

const SILENT: Logger = { log() {}, close: async () => {} };

/**
 * Reads the page for an extraction and builds its prompt, stopping before the model: Loupe Cloud keys
 * its result cache on what this returns and calls `answer()` only on a miss.
 *
 * @throws ClientError for a schema Loupe cannot read or a selector that matches nothing;
 *   MissingLLMConfigurationError when a model is needed and has no key (before the page is read).
 */
export async function beginEngineExtract(
  request: EngineExtractRequest,
  context: EngineContext,
): Promise<EngineExtract> {
  const started = performance.now();
  const logger = context.logger ?? SILENT;
  const options = request.options ?? {};
  const secrets = context.secrets ?? new SecretRedactor();
  const redact: Mask = (text, inUrl) => secrets.redact(text, inUrl);
  const reading = { sessions: context.sessions, redact, logger, signal: context.signal };
  if (request.instruction === undefined)
    return { needsModel: false, result: await readPageText(options, reading) };

  // As in the Client: the caller's mistakes are reported before the page is read.
  const schema = request.schema ? await normalizeSchema(request.schema) : undefined;
  const model = resolveLanguageModel(context.model);
  const budget = resolveInputBudget(context.model);
  const prepared = await prepareExtract(request.instruction, options, reading);
  return {
    needsModel: true,
    promptText: prepared.promptText,
    screenshot: prepared.screenshot,
    jsonSchema: schema?.jsonSchema,
    answer: () =>
      measured("extract", started, context, redact, (metrics, record) =>
        answerExtract(prepared, schema, {
          model,
          budget,
          metrics,
          record,
          logger,
          redact,
          signal: context.signal,
          report: emptyExtractReport(),
          ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
          ...(options.itemKey !== undefined ? { itemKey: options.itemKey } : {}),
          ...(request.onProgress ? { onProgress: request.onProgress } : {}),
        }),
      ),
  };
}

/**
 * Performs one action on the page with the server's model, as `Client.act` does. Variables' values are
 * remembered by `context.secrets` and kept out of this and every later prompt, result and error that
 * goes through it.
 *
 * @throws ClientError when the action fails twice; MissingLLMConfigurationError; LLMResponseError.
 */
export async function engineAct(
  instruction: string,
  options: Pick<ActOptions, "variables"> & {
    /** Hears the element the action is performed on, just before it is (the Studio highlights it). */
    onElement?: (element: ActedElement) => void;
  },
  context: EngineContext,
): Promise<{ result: ActResult; usage: EngineUsage }> {
  const secrets = context.secrets ?? new SecretRedactor();
  secrets.remember(options.variables);
  const redact: Mask = (text, inUrl) => secrets.redact(text, inUrl);
  const { onElement, ...actOptions } = options;
  return measured("act", performance.now(), context, redact, (metrics, record) =>
    runAct(instruction, actOptions, {
      sessions: context.sessions,
      resolveModel: () => resolveLanguageModel(context.model),
      metrics,
      record,
      redact,
      rememberShown: (name, shown) => secrets.rememberShown(name, shown),
      logger: context.logger ?? SILENT,
      signal: context.signal,
      ...(onElement ? { onElement } : {}),
    }),
  );
}

/**
 * Runs model work with a recorder and a transcript of its own, so concurrent operations never mix their
 * counts or calls; both are reported when the work ends, whether it succeeded or not.
 */
async function measured<T>(
  operation: OperationName,
  started: number,
  hooks: Pick<EngineContext, "onUsage" | "onTranscript">,
  redact: Mask,
  work: (metrics: MetricsRecorder, record: CallRecorder | undefined) => Promise<T>,
): Promise<{ result: T; usage: EngineUsage }> {
  const metrics = new MetricsRecorder();
  const transcript = hooks.onTranscript ? new ModelTranscript() : undefined;
  const ended = () => {
    // Prompts were masked before they were sent; an answer may still echo a value act remembered since.
    if (transcript) hooks.onTranscript?.(maskValue(transcript.calls(), redact));
    const spent = usage();
    hooks.onUsage?.(spent);
    return spent;
  };
  const usage = (): EngineUsage => {
    const totals = metrics.snapshot()[operation];
    return {
      llmCalls: totals.llmCalls,
      inputTokens: totals.inputTokens,
      outputTokens: totals.outputTokens,
      ms: Math.round(performance.now() - started),
    };
  };
  try {
    const result = await work(metrics, transcript?.record);
    return { result, usage: ended() };
  } catch (error) {
    ended();
    throw error;
  }
}
