import {
  describeModel,
  resolveLanguageModel,
  type ModelConfiguration,
  type ModelUsage,
} from "../model/index.js";
import { resolveInputBudget } from "../model/input-budget.js";
import { loadTokenCounter } from "../model/token-counter.js";
import type { Logger } from "../log/logger.js";
import { markdownLines } from "./chunks/index.js";
import { emptyExtractReport } from "./extract-report.js";
import { answerParts, conversationFits, DEFAULT_CONCURRENCY, planParts } from "./long-content.js";
import {
  DEFAULT_DOCUMENT_INSTRUCTION,
  DOCUMENT_SCHEMA_SYSTEM,
  documentUserPrompt,
} from "../prompts/extract-prompts.js";
import { numberDocumentLinks } from "./document-links.js";
import { extractIntoSchema } from "./schema-extraction.js";
import { normalizeSchema } from "./schema/index.js";

/** A document (markdown with absolute links) to extract schema-shaped data from. */
export interface DocumentExtractionRequest {
  markdown: string;
  /** The document's URL, which relative links resolve against. */
  url?: string;
  /** A zod, JSON or Standard schema. */
  schema: unknown;
  /** What to extract; default: the data the schema describes. */
  instruction?: string;
  model: ModelConfiguration;
  signal?: AbortSignal;
  /** Parts sent at once when the document is longer than the model's input budget. Default 4. */
  concurrency?: number;
  logger?: Logger;
  /**
   * Hears each model call's usage as it ends, so a caller can meter what an extraction cost even when it
   * throws afterwards (a schema the answers never met, a cancel mid-way). A successful call also returns
   * the totals.
   */
  onModelCall?: (usage: ModelUsage) => void;
}

/** The extracted value and what it cost. */
export interface DocumentExtractionResult {
  value: unknown;
  /** Parts the document was split into for the model's input budget (1: it fit one prompt). */
  parts: number;
  llmCalls: number;
  usage: Required<ModelUsage>;
}

/**
 * Extracts data shaped by a schema from a markdown document, with the same rules as `extract()`: link ids
 * instead of model-written URLs, validation against the schema, one repair turn. A document longer than
 * the model's input budget is split by section and the parts' answers merged.
 *
 * @throws ClientError for a schema Loupe cannot read or a line longer than the budget; MissingLLMConfigurationError; LLMResponseError;
 *   SchemaValidationError after a failed repair turn.
 */
export async function extractFromDocument(
  request: DocumentExtractionRequest,
): Promise<DocumentExtractionResult> {
  const schema = await normalizeSchema(request.schema);
  const model = resolveLanguageModel(request.model);
  const budget = resolveInputBudget(request.model);
  const { text, links } = numberDocumentLinks(request.markdown, request.url);
  const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0, reasoningTokens: 0, cachedInputTokens: 0 };
  let llmCalls = 0;
  const onModelCall = (call: ModelUsage) => {
    llmCalls += 1;
    for (const key of Object.keys(usage) as (keyof typeof usage)[]) usage[key] += call[key] ?? 0;
    request.onModelCall?.(call);
  };
  const instruction = request.instruction ?? DEFAULT_DOCUMENT_INSTRUCTION;
  const longContent = {
    instruction,
    kind: "document" as const,
    wholePrompt: documentUserPrompt(instruction, text),
    lines: () => markdownLines(text),
    system: DOCUMENT_SCHEMA_SYSTEM,
    schema,
    links,
    screenshot: undefined,
  };
  const budgeted = {
    model,
    budget,
    counter: await loadTokenCounter(budget.tokenizer),
    label: describeModel(request.model),
  };
  const parts = planParts(longContent, budgeted);
  const signal = request.signal ?? new AbortController().signal;
  if (parts) {
    const value = await answerParts(parts, longContent, budgeted, {
      concurrency: request.concurrency ?? DEFAULT_CONCURRENCY,
      signal,
      logger: request.logger ?? { log() {}, close: async () => {} },
      report: emptyExtractReport(budget.maxInputTokens),
      onModelCall,
    });
    return { value, parts: parts.length, llmCalls, usage };
  }
  const value = await extractIntoSchema({
    schema,
    links,
    model,
    system: DOCUMENT_SCHEMA_SYSTEM,
    messages: [{ role: "user", content: longContent.wholePrompt }],
    signal,
    fits: (conversation) => conversationFits(budgeted, DOCUMENT_SCHEMA_SYSTEM, conversation),
    onModelCall,
  });
  return { value, parts: 1, llmCalls, usage };
}
