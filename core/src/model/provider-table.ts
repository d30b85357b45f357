/**
 * One entry per supported provider: where its key comes from and how to build its AI SDK model with the
 * official `@ai-sdk/*` package. Adding a provider means adding one entry here and nothing else.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createCerebras } from "@ai-sdk/cerebras";
import { createDeepSeek } from "@ai-sdk/deepseek";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createGroq } from "@ai-sdk/groq";
import { createMistral } from "@ai-sdk/mistral";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { createTogetherAI } from "@ai-sdk/togetherai";
import { createXai } from "@ai-sdk/xai";
import { ClientError } from "../errors.js";

/** Environment variables, passed in (default `process.env`) so tests never touch the real environment. */
export type ModelEnvironment = Readonly<Record<string, string | undefined>>;

/** What a provider entry needs to build one model. */
export interface ProviderModelRequest {
  /** The part after `provider/`. */
  modelId: string;
  /** The key to send; `undefined` only for providers that need none. */
  apiKey: string | undefined;
  /** Another server speaking the provider's API, when the caller gave one. */
  baseURL: string | undefined;
  /** The object form's other keys, handed to the provider's `create…` function. */
  options: Record<string, unknown>;
  /** For providers whose defaults come from the environment (Ollama's address). */
  env: ModelEnvironment;
}

/** How Loupe reaches one provider. */
export interface ProviderEntry {
  /**
   * Environment variables that may hold the key, in the order they are read. Empty when the provider
   * needs no key (a local Ollama).
   */
  apiKeyEnv: readonly string[];
  /** Rejects provider options that could never work, at construction time rather than at the first call. */
  checkOptions?(options: Record<string, unknown>): void;
  /** Builds the AI SDK model. Never reads `process.env` itself: everything comes through the request. */
  createModel(request: ProviderModelRequest): LanguageModelV3;
}

const OPENAI_API_URL = "https://api.openai.com/v1";
const OLLAMA_DEFAULT_URL = "http://127.0.0.1:11434/v1";
const OPENAI_APIS = ["responses", "chat"] as const;
type OpenAIApi = (typeof OPENAI_APIS)[number];

/**
 * The object form's extra keys are the caller's provider settings and are passed through unchecked;
 * each `create…` function validates what it uses. This cast is the one place that trust is expressed.
 */
function settings<T>(options: Record<string, unknown>, fixed: Partial<T>): T {
  return { ...options, ...fixed } as T;
}

function withoutKey(options: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _removed, ...rest } = options;
  return rest;
}

function checkOpenAIApi(options: Record<string, unknown>): void {
  const api = options["api"];
  if (api !== undefined && !OPENAI_APIS.includes(api as OpenAIApi)) {
    throw new ClientError(
      `The OpenAI option api: ${JSON.stringify(api)} is not supported. Use api: "responses" (OpenAI's ` +
        `Responses API) or api: "chat" (chat completions, which OpenAI-compatible servers implement).`,
    );
  }
}

/**
 * Ollama's address from `OLLAMA_BASE_URL`, which people often set without the `/v1` suffix
 * (`http://host:11434`); a bare origin gets `/v1` so both spellings reach the OpenAI-compatible API.
 */
function ollamaBaseURL(env: ModelEnvironment): string {
  const configured = env["OLLAMA_BASE_URL"]?.trim();
  if (!configured) return OLLAMA_DEFAULT_URL;
  try {
    const url = new URL(configured);
    if (url.pathname === "/" || url.pathname === "") return `${url.origin}/v1`;
  } catch {
    // Not a URL we can parse: hand it over as given and let the request report it.
  }
  return configured.replace(/(?<!\/)\/+$/, "");
}

/** The name of a supported provider, as written before the slash. */
export type ProviderName =
  | "openai"
  | "anthropic"
  | "google"
  | "mistral"
  | "groq"
  | "xai"
  | "deepseek"
  | "cerebras"
  | "togetherai"
  | "ollama";

/**
 * Every provider Loupe supports, by the name used before the slash in `"provider/model"`. Annotated
 * rather than inferred: some provider packages bring their own copy of `@ai-sdk/provider`, and an
 * inferred type would leak those private paths into the emitted declarations.
 */
export const PROVIDERS: { readonly [name in ProviderName]: ProviderEntry } = {
  openai: {
    apiKeyEnv: ["OPENAI_API_KEY"],
    checkOptions: checkOpenAIApi,
    createModel({ modelId, apiKey, baseURL, options, env }) {
      checkOpenAIApi(options);
      // OPENAI_BASE_URL is read here (the SDK would read it from process.env behind our back) and counts
      // as a given baseURL: it almost always points at an OpenAI-compatible server.
      const customURL = baseURL ?? (env["OPENAI_BASE_URL"]?.trim() || undefined);
      // OpenAI's own API gets the Responses API; other servers generally implement only chat completions.
      const api = (options["api"] as OpenAIApi | undefined) ?? (customURL ? "chat" : "responses");
      const provider = createOpenAI(
        settings(withoutKey(options, "api"), { apiKey, baseURL: customURL ?? OPENAI_API_URL }),
      );
      return api === "chat" ? provider.chat(modelId) : provider.responses(modelId);
    },
  },
  anthropic: {
    apiKeyEnv: ["ANTHROPIC_API_KEY"],
    createModel: ({ modelId, apiKey, baseURL, options }) =>
      createAnthropic(settings(options, { apiKey, baseURL }))(modelId),
  },
  google: {
    // The AI SDK reads GOOGLE_GENERATIVE_AI_API_KEY; Google's own SDKs and docs use GEMINI_API_KEY.
    apiKeyEnv: ["GOOGLE_GENERATIVE_AI_API_KEY", "GEMINI_API_KEY"],
    createModel: ({ modelId, apiKey, baseURL, options }) =>
      createGoogleGenerativeAI(settings(options, { apiKey, baseURL }))(modelId),
  },
  mistral: {
    apiKeyEnv: ["MISTRAL_API_KEY"],
    createModel: ({ modelId, apiKey, baseURL, options }) =>
      createMistral(settings(options, { apiKey, baseURL }))(modelId),
  },
  groq: {
    apiKeyEnv: ["GROQ_API_KEY"],
    createModel: ({ modelId, apiKey, baseURL, options }) =>
      createGroq(settings(options, { apiKey, baseURL }))(modelId),
  },
  xai: {
    apiKeyEnv: ["XAI_API_KEY"],
    createModel: ({ modelId, apiKey, baseURL, options }) =>
      createXai(settings(options, { apiKey, baseURL }))(modelId),
  },
  deepseek: {
    apiKeyEnv: ["DEEPSEEK_API_KEY"],
    createModel: ({ modelId, apiKey, baseURL, options }) =>
      createDeepSeek(settings(options, { apiKey, baseURL }))(modelId),
  },
  cerebras: {
    apiKeyEnv: ["CEREBRAS_API_KEY"],
    createModel: ({ modelId, apiKey, baseURL, options }) =>
      createCerebras(settings(options, { apiKey, baseURL }))(modelId),
  },
  togetherai: {
    // @ai-sdk/togetherai 2.x reads TOGETHER_API_KEY (Together's own name) and still accepts the deprecated
    // TOGETHER_AI_API_KEY; the current name is listed, and read, first.
    apiKeyEnv: ["TOGETHER_API_KEY", "TOGETHER_AI_API_KEY"],
    createModel: ({ modelId, apiKey, baseURL, options }) =>
      createTogetherAI(settings(options, { apiKey, baseURL }))(modelId),
  },
  ollama: {
    apiKeyEnv: [],
    createModel: ({ modelId, apiKey, baseURL, options, env }) =>
      createOpenAICompatible(
        settings(
          // Ollama honours `response_format: json_schema`; without this flag the schema would be dropped.
          // Defaults only, so an older server can be told otherwise through the object form.
          { supportsStructuredOutputs: true, includeUsage: true, ...options },
          {
            name: "ollama",
            baseURL: baseURL ?? ollamaBaseURL(env),
            // Sent only when given (a proxy in front of Ollama may want one); Ollama itself ignores it.
            apiKey,
          },
        ),
      ).chatModel(modelId),
  },
};

/** The supported provider names, in the order they are listed to people. */
export const SUPPORTED_PROVIDERS = Object.keys(PROVIDERS) as ProviderName[];

/** Looks a provider up by name; `undefined` when Loupe does not support it. */
export function findProvider(name: string): ProviderEntry | undefined {
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name as ProviderName] : undefined;
}
