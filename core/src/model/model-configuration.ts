/**
 * The ways a caller can name the language model Loupe should use, and the small parsing steps every
 * other model file shares.
 */
import type { LanguageModel } from "ai";

/** An AI SDK language model object (LanguageModelV3, or V2 which AI SDK 6 still accepts). */
export type LanguageModelInstance = Exclude<LanguageModel, string>;

/**
 * The object form of a model configuration. Every key besides `modelName`, `apiKey`, `baseURL` and
 * `maxInputTokens` is
 * handed to the provider's `create…` function (e.g. `organization`, `headers`), except `api`, which
 * chooses OpenAI's endpoint.
 */
export interface ModelObjectConfiguration {
  /** `"provider/model"`, for example `"openai/gpt-4.1-mini"` or `"ollama/llama3.2"`. */
  modelName: string;
  /** The provider key; when absent the provider's usual environment variable is read. */
  apiKey?: string;
  /** Another server speaking the provider's API, e.g. an OpenAI-compatible one (Ollama, LM Studio, vLLM). */
  baseURL?: string;
  /**
   * How many tokens one prompt to this model may hold; overrides Loupe's table of known context windows
   * and `LOUPE_MODEL_MAX_INPUT_TOKENS`. Longer extractions are split into parts that fit and merged.
   */
  maxInputTokens?: number;
  [providerOption: string]: unknown;
}

/** A model as the caller gives it: `"provider/model"`, the object form, or an AI SDK model instance. */
export type ModelConfiguration = string | ModelObjectConfiguration | LanguageModelInstance;

/** A `"provider/model"` name split at its first slash. */
export interface ModelName {
  /** Lower-cased provider, e.g. `"openai"`; not yet checked against the supported list. */
  provider: string;
  /** Everything after the first slash, kept as given (model ids may contain slashes and colons). */
  modelId: string;
}

/**
 * Tells an AI SDK model object apart from the object form. Checked structurally rather than with
 * `instanceof`, because provider packages each bring their own classes (and possibly their own copies).
 */
export function isLanguageModelInstance(value: unknown): value is LanguageModelInstance {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as { specificationVersion?: unknown; doGenerate?: unknown };
  return typeof candidate.specificationVersion === "string" && typeof candidate.doGenerate === "function";
}

/**
 * Splits `"provider/model"` at the first slash, or returns `undefined` when either side is empty.
 * The provider is lower-cased so `"OpenAI/gpt-4o"` works; the model id is left untouched.
 */
export function splitModelName(name: string): ModelName | undefined {
  const trimmed = name.trim();
  const slash = trimmed.indexOf("/");
  if (slash <= 0 || slash === trimmed.length - 1) return undefined;
  return { provider: trimmed.slice(0, slash).toLowerCase(), modelId: trimmed.slice(slash + 1) };
}

/**
 * A short human label for a configuration, for logs and metrics: `"openai/gpt-4.1-mini"`. Never throws
 * and never includes the key, so it is safe to call on a configuration that has not been checked.
 */
export function describeModel(configuration: ModelConfiguration): string {
  if (typeof configuration === "string") return configuration.trim();
  if (isLanguageModelInstance(configuration)) {
    // AI SDK provider ids carry the API flavour ("openai.responses", "google.generative-ai"); the
    // part before the dot is the provider people recognise.
    const provider = configuration.provider.split(".")[0] ?? configuration.provider;
    return `${provider}/${configuration.modelId}`;
  }
  return typeof configuration.modelName === "string" ? configuration.modelName.trim() : "(unnamed model)";
}
