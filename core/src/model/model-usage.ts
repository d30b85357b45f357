/** Token counts of one model call, in the shape Loupe reports them in results and metrics. */
import type { LanguageModelUsage } from "ai";

/** Tokens one model call used. Counts a provider does not report are 0 (or absent, for the details). */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Output tokens spent on hidden reasoning, when the provider reports them. */
  reasoningTokens?: number;
  /** Input tokens read from the provider's prompt cache, when the provider reports them. */
  cachedInputTokens?: number;
}

/**
 * Converts the AI SDK's usage (every field possibly `undefined`) into plain numbers, so callers can add
 * them up without checks. A missing total is the sum of input and output.
 */
export function toModelUsage(usage: LanguageModelUsage): ModelUsage {
  const inputTokens = usage.inputTokens ?? 0;
  const outputTokens = usage.outputTokens ?? 0;
  // The detail objects are typed as always present, but v2-compatibility models may leave them out.
  const reasoningTokens = usage.outputTokenDetails?.reasoningTokens;
  const cachedInputTokens = usage.inputTokenDetails?.cacheReadTokens;
  return {
    inputTokens,
    outputTokens,
    totalTokens: usage.totalTokens ?? inputTokens + outputTokens,
    ...(reasoningTokens !== undefined && { reasoningTokens }),
    ...(cachedInputTokens !== undefined && { cachedInputTokens }),
  };
}
