import type { MergeConflict } from "./chunks/index.js";

/** What one extraction did: how the content was split, what the model was asked, what could not be merged. */
export interface ExtractReport {
  /** Parts the content was split into: 1 when the prompt fit the model's input budget (0: no model call). */
  parts: number;
  /** Model requests made: one per part, repair turns, and the call combining free-text answers. */
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** The input budget the prompts were held to (the model's, or `maxInputTokens`). */
  maxInputTokens: number;
  /** Fields two parts answered differently; the first part's value (in page order) was kept. */
  conflicts: MergeConflict[];
  /** Wall-clock milliseconds of the whole extraction. */
  ms: number;
  /** Of which reading the page (and the viewport screenshot), before any model call. */
  readMs: number;
}

/** Progress of an extraction split into parts, reported as each part is answered. */
export interface ExtractProgress {
  /** Parts the content was split into. */
  parts: number;
  /** Parts answered so far. */
  done: number;
  /**
   * The answer merged from the parts answered so far, for showing partial results (schema form only;
   * computed when called).
   */
  partial?: () => unknown;
}

/** A report with nothing counted yet. */
export function emptyExtractReport(maxInputTokens = 0): ExtractReport {
  return {
    parts: 0,
    llmCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    maxInputTokens,
    conflicts: [],
    ms: 0,
    readMs: 0,
  };
}
