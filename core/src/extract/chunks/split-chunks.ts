import { ClientError } from "../../errors.js";
import type { ContentLines } from "./content-lines.js";

/** One part of split content: lines `[start, end)`, and the earlier lines it repeats for context. */
export interface ContentChunk {
  /** 0-based position among the parts. */
  index: number;
  /** How many parts the content was split into. */
  count: number;
  /** Earlier lines repeated first (the elements or sections the part sits in), in page order. */
  context: string[];
  /** The part's own lines. */
  body: string[];
  /** Index of the part's first line in the whole content. */
  start: number;
  /** Index after the part's last line. */
  end: number;
}

/** How big the parts may be. */
export interface SplitLimits {
  /** Tokens one part (context and body, one token per line break included) may hold. */
  partTokens: number;
  /**
   * Tokens of the previous part a part starts with again, so an item cut by the boundary is whole in
   * one of the two parts. At least one item's size; the extraction drops the items found twice.
   */
  overlapTokens: number;
  /** Tokens of each line of the content, its line break included. */
  lineTokens: readonly number[];
  /** Says what the budget is, for the error when one line cannot fit: "16,000 tokens (openai/x)". */
  describeBudget: string;
}

/** Context never takes more than this share of a part: past it, the outermost context lines are dropped. */
const MAX_CONTEXT_SHARE = 0.25;
/** A cut is looked for in the last part of the lines that fit, never before this share of them. */
const MIN_FILL = 0.6;

/**
 * Splits content into parts that each fit `partTokens`, cutting only between lines and, near the end of
 * each part, at the best place the content offers (a heading, the shallowest element). Each part after
 * the first starts `overlapTokens` back inside the previous one.
 *
 * @throws ClientError when one line alone is longer than `partTokens`: it cannot be sent whole, and
 *   cutting inside it would split a value.
 */
export function splitContent(content: ContentLines, limits: SplitLimits): ContentChunk[] {
  const { lines } = content;
  const tokens = limits.lineTokens;
  const parts: Omit<ContentChunk, "count">[] = [];
  let start = 0;
  while (start < lines.length) {
    if (tokens[start]! > limits.partTokens) throw lineTooLong(lines[start]!, start, tokens[start]!, limits);
    const context = fittingContext(content.contextOf(start), tokens, limits.partTokens - tokens[start]!);
    const room = limits.partTokens - sum(context, tokens);
    let end = start;
    for (let used = 0; end < lines.length && used + tokens[end]! <= room; end++) used += tokens[end]!;
    if (end < lines.length) end = bestCut(content, start, end);
    parts.push({
      index: parts.length,
      context: context.map((i) => lines[i]!),
      body: lines.slice(start, end),
      start,
      end,
    });
    if (end >= lines.length) break;
    start = overlapStart(content, tokens, start, end, limits.overlapTokens);
  }
  return parts.map((part) => ({ ...part, count: parts.length }));
}

function fittingContext(context: number[], tokens: readonly number[], room: number): number[] {
  const limit = Math.min(room, Math.floor(room * MAX_CONTEXT_SHARE) + 1);
  const kept = [...context];
  let total = sum(kept, tokens);
  while (kept.length && total > limit) total -= tokens[kept.shift()!]!;
  return kept;
}

/** The best line in the last stretch of `[start, end]` to start the next part at (the latest among equals). */
function bestCut(content: ContentLines, start: number, end: number): number {
  const earliest = Math.max(start + 1, start + Math.ceil((end - start) * MIN_FILL));
  let best = end;
  for (let i = end - 1; i >= earliest; i--) if (content.cutCost(i) < content.cutCost(best)) best = i;
  return best;
}

/**
 * Where the next part starts: up to `overlapTokens` before the cut, at the best boundary in the earlier
 * half of that stretch (the earliest among equals, for the widest overlap).
 */
function overlapStart(
  content: ContentLines,
  tokens: readonly number[],
  start: number,
  cut: number,
  overlapTokens: number,
): number {
  let first = cut;
  for (let used = 0; first - 1 > start && used + tokens[first - 1]! <= overlapTokens; first--)
    used += tokens[first - 1]!;
  if (first === cut) return cut;
  const last = first + Math.floor((cut - first) / 2);
  let best = first;
  for (let i = first + 1; i <= last; i++) if (content.cutCost(i) < content.cutCost(best)) best = i;
  return best;
}

function sum(indexes: number[], tokens: readonly number[]): number {
  let total = 0;
  for (const i of indexes) total += tokens[i]!;
  return total;
}

function lineTooLong(line: string, index: number, lineTokens: number, limits: SplitLimits): ClientError {
  const shown = line.trim().length > 80 ? `${line.trim().slice(0, 80)}…` : line.trim();
  return new ClientError(
    `Line ${index + 1} of the content ("${shown}") is about ${lineTokens.toLocaleString("en-US")} tokens on its own, ` +
      `more than the ${limits.partTokens.toLocaleString("en-US")} left for content in one prompt under the model's input budget ` +
      `of ${limits.describeBudget}. A line is never cut, so it cannot be sent. Leave that element out (ignoreSelectors), ` +
      `read a narrower part of the page (selector), or use a model with a larger window (maxInputTokens).`,
  );
}
