/**
 * The two kinds of model call Loupe makes: one asking for JSON matching a schema, one asking for free
 * text. Each is exactly one request: retries, validation and repair turns are the caller's decisions.
 */
import type { JSONSchema7, SharedV3ProviderOptions } from "@ai-sdk/provider";
import { generateText, jsonSchema, NoObjectGeneratedError, Output, type ModelMessage } from "ai";
import { LLMResponseError } from "../errors.js";
import { silenceAISDKWarnings } from "./ai-sdk-warnings.js";
import { parseFencedJson } from "./fenced-json.js";
import { toModelCallError } from "./model-call-error.js";
import type { LanguageModelInstance } from "./model-configuration.js";
import { toModelUsage, type ModelUsage } from "./model-usage.js";
import { transcribeMessages, type CallRecorder, type ModelCallTranscript } from "./model-transcript.js";

/** What every model call takes. */
export interface ModelCallOptions {
  /** A resolved model (see `resolveLanguageModel`). */
  model: LanguageModelInstance;
  /** The system prompt. */
  system?: string;
  /** The conversation; user messages may carry image parts. */
  messages: ModelMessage[];
  /** Aborts the request in flight; the call then rejects with `signal.reason` unchanged. */
  signal?: AbortSignal;
  /** Per-provider request options, keyed by provider (e.g. `{ openai: { strictJsonSchema: false } }`). */
  providerOptions?: SharedV3ProviderOptions;
  /** Hears the call as sent and answered, a failed one included (see `ModelTranscript`). */
  record?: CallRecorder;
}

/** What a JSON call takes besides the common options. */
export interface JsonCallOptions extends ModelCallOptions {
  /** The JSON Schema the answer should match; sent to the provider as its structured-output format. */
  schema: JSONSchema7;
  /** A name for the schema; some providers show it to the model. */
  schemaName?: string;
  /** A description of the schema; some providers show it to the model. */
  schemaDescription?: string;
}

/** The result of {@link generateJson}. */
export interface JsonCallResult {
  /** The parsed answer. Not validated against the schema: that is the caller's job. */
  value: unknown;
  /** The answer as the model wrote it. */
  text: string;
  usage: ModelUsage;
  /** Wall-clock duration of the call in milliseconds. */
  ms: number;
}

/** The result of {@link generateTextAnswer}. */
export interface TextCallResult {
  /** The model's answer. */
  text: string;
  usage: ModelUsage;
  /** Wall-clock duration of the call in milliseconds. */
  ms: number;
}

/**
 * Makes one model call asking for JSON that matches `schema`, and parses the answer.
 *
 * The schema goes through `jsonSchema()` without a validate function, so the AI SDK only parses; the
 * caller validates and decides about a repair turn. An answer that is one Markdown-fenced JSON block is
 * accepted, as models without native structured output commonly write one.
 *
 * @throws LLMResponseError when the answer is not JSON (with `responseText`) or the provider answers
 *   with an error (the message names its HTTP status and its message).
 * @throws `signal.reason`, unchanged, when `signal` aborts the call.
 */
export async function generateJson(options: JsonCallOptions): Promise<JsonCallResult> {
  silenceAISDKWarnings();
  const started = performance.now();
  try {
    const result = await generateText({
      ...commonSettings({ ...options, providerOptions: withLenientSchema(options) }),
      output: Output.object({
        schema: jsonSchema<unknown>(options.schema),
        name: options.schemaName,
        description: options.schemaDescription,
      }),
    });
    const answer = {
      value: result.output,
      text: result.text,
      usage: toModelUsage(result.totalUsage),
      ms: since(started),
    };
    recordCall(options, "json", answer);
    return answer;
  } catch (error) {
    const recovered = recoverFencedJson(error, started);
    if (recovered) {
      recordCall(options, "json", recovered);
      return recovered;
    }
    throw recordFailure(options, "json", toModelCallError(error, options.signal), started);
  }
}

/**
 * Makes one model call asking for free text.
 *
 * @throws LLMResponseError when the provider answers with an error.
 * @throws `signal.reason`, unchanged, when `signal` aborts the call.
 */
export async function generateTextAnswer(options: ModelCallOptions): Promise<TextCallResult> {
  silenceAISDKWarnings();
  const started = performance.now();
  try {
    const result = await generateText(commonSettings(options));
    const answer = { text: result.text, usage: toModelUsage(result.totalUsage), ms: since(started) };
    recordCall(options, "text", answer);
    return answer;
  } catch (error) {
    throw recordFailure(options, "text", toModelCallError(error, options.signal), started);
  }
}

/** The call as sent, for its recorder; `schema` only for a JSON call. */
function sentCall(options: ModelCallOptions | JsonCallOptions, kind: ModelCallTranscript["kind"]) {
  return {
    kind,
    repair: false,
    system: options.system ?? "",
    messages: transcribeMessages(options.messages),
    ...("schema" in options ? { schema: options.schema } : {}),
  };
}

function recordCall(
  options: ModelCallOptions,
  kind: ModelCallTranscript["kind"],
  answer: { text: string; usage: ModelUsage; ms: number },
): void {
  options.record?.({ ...sentCall(options, kind), response: answer.text, usage: answer.usage, ms: answer.ms });
}

/** Records a failed call (with the answer's text when the provider sent one) and returns its error. */
function recordFailure(
  options: ModelCallOptions,
  kind: ModelCallTranscript["kind"],
  error: unknown,
  started: number,
): unknown {
  const responseText = error instanceof LLMResponseError ? error.responseText : undefined;
  options.record?.({
    ...sentCall(options, kind),
    ...(responseText !== undefined ? { response: responseText } : {}),
    error: error instanceof Error ? error.message : String(error),
    ms: since(started),
  });
  return error;
}

/** A complete answer that failed to parse only because it sits in a code fence is still the answer. */
function recoverFencedJson(error: unknown, started: number): JsonCallResult | undefined {
  if (!NoObjectGeneratedError.isInstance(error) || !error.text || !error.usage) return undefined;
  const fenced = parseFencedJson(error.text);
  if (!fenced) return undefined;
  return { value: fenced.value, text: error.text, usage: toModelUsage(error.usage), ms: since(started) };
}

function commonSettings(options: ModelCallOptions) {
  return {
    model: options.model,
    system: options.system,
    messages: options.messages,
    abortSignal: options.signal,
    providerOptions: options.providerOptions,
    // A retry is a second paid request and could outlive the caller's timeout; the caller decides.
    maxRetries: 0,
  };
}

/**
 * OpenAI-style providers send schemas in strict mode by default, which rejects any schema with an
 * optional property or without `additionalProperties: false` — most real schemas. Loupe validates the
 * answer against the caller's schema itself, so it asks for the lenient mode unless the caller chose.
 */
function withLenientSchema(options: JsonCallOptions): SharedV3ProviderOptions {
  const provider = options.model.provider.split(".")[0] ?? "";
  const current = options.providerOptions ?? {};
  return { ...current, [provider]: { strictJsonSchema: false, ...current[provider] } };
}

function since(started: number): number {
  return Math.round(performance.now() - started);
}
