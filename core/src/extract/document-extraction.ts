import { resolveLanguageModel, type ModelConfiguration, type ModelUsage } from "../model/index.js";
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
}

/** The extracted value and what it cost. */
export interface DocumentExtractionResult {
  value: unknown;
  llmCalls: number;
  usage: Required<ModelUsage>;
}

/**
 * Extracts data shaped by a schema from a markdown document, with the same rules as `extract()`: link ids
 * instead of model-written URLs, validation against the schema, one repair turn.
 *
 * @throws ClientError for a schema Loupe cannot read; MissingLLMConfigurationError; LLMResponseError;
 *   SchemaValidationError after a failed repair turn.
 */
export async function extractFromDocument(
  request: DocumentExtractionRequest,
): Promise<DocumentExtractionResult> {
  const schema = await normalizeSchema(request.schema);
  const model = resolveLanguageModel(request.model);
  const { text, links } = numberDocumentLinks(request.markdown, request.url);
  const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0, reasoningTokens: 0, cachedInputTokens: 0 };
  let llmCalls = 0;
  const value = await extractIntoSchema({
    schema,
    links,
    model,
    system: DOCUMENT_SCHEMA_SYSTEM,
    messages: [
      {
        role: "user",
        content: documentUserPrompt(request.instruction ?? DEFAULT_DOCUMENT_INSTRUCTION, text),
      },
    ],
    ...(request.signal ? { signal: request.signal } : {}),
    onModelCall: (call) => {
      llmCalls += 1;
      for (const key of Object.keys(usage) as (keyof typeof usage)[]) usage[key] += call[key] ?? 0;
    },
  });
  return { value, llmCalls, usage };
}
