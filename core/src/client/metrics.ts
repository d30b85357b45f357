import type { ExtractReport } from "../extract/extract-report.js";

/** What one kind of operation has cost so far. */
export interface OperationMetrics {
  /** How many times the operation ran (finished or failed). */
  calls: number;
  /** Model requests made, repair turns included. */
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedInputTokens: number;
  /** Wall-clock time spent in the operation, in milliseconds. */
  totalMs: number;
  /**
   * Of which waiting for the model, in milliseconds. With env CLOUD the service reports only its whole
   * time per call (`usage.ms`, its page read included); that time is counted here for calls that made a
   * model call, so a cache hit adds none.
   */
  llmMs: number;
}

/** `client.metrics`: cost per operation, and the sum. */
export interface ClientMetrics {
  extract: OperationMetrics;
  act: OperationMetrics;
  total: OperationMetrics;
  /**
   * The last extraction's own figures: into how many parts the page was split for the model's input
   * budget, its model calls and tokens, and the fields parts answered differently. Undefined before the
   * first extraction run here (with env CLOUD the service reads the page: see `extract.llmCalls`).
   */
  lastExtract?: ExtractReport;
}

/** Token counts of one model call, as the model layer reports them. */
export interface CallUsage {
  inputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
}

export type OperationName = "extract" | "act";

function emptyMetrics(): OperationMetrics {
  return {
    calls: 0,
    llmCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    reasoningTokens: 0,
    cachedInputTokens: 0,
    totalMs: 0,
    llmMs: 0,
  };
}

/** Accumulates the client's metrics; hands out copies so callers cannot change the counts. */
export class MetricsRecorder {
  private readonly byOperation: Record<OperationName, OperationMetrics> = {
    extract: emptyMetrics(),
    act: emptyMetrics(),
  };

  /** Counts one model call of an operation. */
  recordLlmCall(operation: OperationName, usage: CallUsage, ms: number): void {
    const m = this.byOperation[operation];
    m.llmCalls += 1;
    m.inputTokens += usage.inputTokens ?? 0;
    m.outputTokens += usage.outputTokens ?? 0;
    m.reasoningTokens += usage.reasoningTokens ?? 0;
    m.cachedInputTokens += usage.cachedInputTokens ?? 0;
    m.llmMs += ms;
  }

  /**
   * Counts what Loupe Cloud reports an operation cost on its side (env CLOUD): its model calls, tokens and
   * (for calls that made a model call) its time.
   */
  recordServerUsage(
    operation: OperationName,
    usage: { llmCalls: number; inputTokens: number; outputTokens: number; ms: number },
  ): void {
    const m = this.byOperation[operation];
    m.llmCalls += usage.llmCalls;
    m.inputTokens += usage.inputTokens;
    m.outputTokens += usage.outputTokens;
    if (usage.llmCalls > 0) m.llmMs += usage.ms;
  }

  /** Counts one finished (or failed) operation and its wall-clock time. */
  recordOperation(operation: OperationName, ms: number): void {
    const m = this.byOperation[operation];
    m.calls += 1;
    m.totalMs += ms;
  }

  private lastExtract: ExtractReport | undefined;

  /** Keeps the figures of the extraction that just ended. */
  recordExtractReport(report: ExtractReport): void {
    this.lastExtract = report;
  }

  /** A snapshot of the counts. */
  snapshot(): ClientMetrics {
    const extract = { ...this.byOperation.extract };
    const act = { ...this.byOperation.act };
    const total = emptyMetrics();
    for (const m of [extract, act])
      for (const key of Object.keys(total) as (keyof OperationMetrics)[]) total[key] += m[key];
    return {
      extract,
      act,
      total,
      ...(this.lastExtract
        ? { lastExtract: { ...this.lastExtract, conflicts: [...this.lastExtract.conflicts] } }
        : {}),
    };
  }
}
