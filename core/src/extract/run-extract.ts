import type { PageSessions } from "../cdp/page-sessions.js";
import type { MetricsRecorder } from "../client/metrics.js";
import type { Logger } from "../log/logger.js";
import type { LanguageModelInstance } from "../model/index.js";
import type { InputBudget } from "../model/input-budget.js";
import { emptyExtractReport, type ExtractReport } from "./extract-report.js";
import type { ExtractCall, ExtractOptions } from "./extract-arguments.js";
import { answerExtract, prepareExtract, readPageText } from "./extract-steps.js";
import { normalizeSchema } from "./schema/index.js";

/** What an extraction needs from the client around it. */
export interface ExtractDependencies {
  /** Loupe's sessions for the page to read. */
  sessions: PageSessions;
  /** The model for this call, resolved only when a model call is about to be made. */
  resolveModel: (override: ExtractOptions["model"]) => LanguageModelInstance;
  /** The input budget of that model (its `maxInputTokens`, the environment's, or the known window). */
  resolveBudget: (override: ExtractOptions["model"]) => InputBudget;
  /** Receives what the extraction did once it is over (finished or failed). */
  onReport?: (report: ExtractReport) => void;
  metrics: MetricsRecorder;
  /** Hides secrets (act variables' values) in text sent to the model and in what is returned. */
  redact: (text: string) => string;
  logger: Logger;
  /** Aborts the work; its reason is what the call rejects with. */
  signal: AbortSignal;
}

/**
 * Runs one extraction in any of the call forms: reads the page, then (unless only the page text is asked
 * for) makes one model call, plus one repair turn when the answer does not fit the schema — or, for a
 * page longer than the model's input budget, one such exchange per part and the merge.
 */
export async function runExtract(call: ExtractCall, deps: ExtractDependencies): Promise<unknown> {
  const started = performance.now();
  const report = emptyExtractReport();
  try {
    if (call.form === "page-text") return await readPageText(call.options, deps);

    // The caller's mistakes (a schema Loupe cannot read, no model key) are reported before the page is read.
    const schema = call.form === "schema" ? await normalizeSchema(call.schema) : undefined;
    const model = deps.resolveModel(call.options.model);
    const budget = deps.resolveBudget(call.options.model);
    const prepared = await prepareExtract(call.instruction, call.options, deps);
    report.readMs = Math.round(performance.now() - started);
    const { concurrency, itemKey, onProgress } = call.options;
    return await answerExtract(prepared, schema, {
      model,
      budget,
      report,
      ...deps,
      ...(concurrency !== undefined ? { concurrency } : {}),
      ...(itemKey !== undefined ? { itemKey } : {}),
      ...(onProgress ? { onProgress } : {}),
    });
  } finally {
    report.ms = Math.round(performance.now() - started);
    deps.onReport?.(report);
  }
}
