/**
 * How many tokens of input each provider's models take, and how their tokens are counted. The figures
 * are the providers' published context windows less the model's largest answer (providers count the
 * answer inside the window, and the AI SDK asks for the model's full output allowance), rounded down.
 * A model missing here takes its provider's default; `maxInputTokens` in the model's object form or
 * `LOUPE_MODEL_MAX_INPUT_TOKENS` overrides both (set it for a local server with a small window).
 */
import type { ProviderName } from "./provider-table.js";
import type { TokenizerName } from "./token-counter.js";

/** One row: the model ids it covers (matched against the part after `provider/`), its budget, its tokenizer. */
export interface ContextWindowRow {
  models: RegExp;
  inputTokens: number;
  tokenizer: TokenizerName;
}

/** A provider's rows, most specific first, and what an unlisted model of that provider gets. */
export interface ProviderWindows {
  rows: readonly ContextWindowRow[];
  fallback: { inputTokens: number; tokenizer: TokenizerName };
}

/** The common window of current hosted models (128k) less a 16k answer: for a model no row names. */
export const UNKNOWN_MODEL_INPUT_TOKENS = 112_000;

const row = (models: RegExp, inputTokens: number, tokenizer: TokenizerName = "estimate") => ({
  models,
  inputTokens,
  tokenizer,
});

/** The table, per provider. */
export const CONTEXT_WINDOWS: { readonly [provider in ProviderName]: ProviderWindows } = {
  openai: {
    rows: [
      row(/^gpt-4\.1/, 1_014_000, "o200k_base"), // 1,047,576 − 32,768
      row(/^gpt-5/, 272_000, "o200k_base"), // 400,000 − 128,000
      row(/^gpt-4o/, 111_000, "o200k_base"), // 128,000 − 16,384
      row(/^gpt-oss/, 98_000, "o200k_base"), // 131,072 − 32,768
      row(/^(o1|o3|o4)/, 100_000, "o200k_base"), // 200,000 − 100,000
      row(/^gpt-4-turbo|^gpt-4-\d{4}-preview/, 123_000, "cl100k_base"), // 128,000 − 4,096
      row(/^gpt-4-32k/, 28_000, "cl100k_base"),
      row(/^gpt-4(-|$)/, 4_000, "cl100k_base"), // 8,192 − 4,096
      row(/^gpt-3\.5-turbo/, 12_000, "cl100k_base"), // 16,385 − 4,096
    ],
    fallback: { inputTokens: UNKNOWN_MODEL_INPUT_TOKENS, tokenizer: "estimate" },
  },
  anthropic: {
    rows: [
      row(/^claude-(opus-4|4-opus)/, 168_000), // 200,000 − 32,000
      row(/^claude-(sonnet-4|4-sonnet|3-7-sonnet|haiku-4)/, 136_000), // 200,000 − 64,000
      row(/^claude-3/, 191_000), // 200,000 − 8,192
    ],
    fallback: { inputTokens: 136_000, tokenizer: "estimate" },
  },
  google: {
    // Gemini's input limit is its own figure, apart from the answer's.
    rows: [row(/^gemini-(1\.5|2|3)/, 1_048_000), row(/^gemma/, 128_000)],
    fallback: { inputTokens: 1_048_000, tokenizer: "estimate" },
  },
  mistral: {
    rows: [
      row(/^codestral/, 256_000),
      row(
        /^(mistral-large|mistral-medium|mistral-small|ministral|open-mistral-nemo|pixtral|magistral)/,
        120_000,
      ),
    ],
    fallback: { inputTokens: 28_000, tokenizer: "estimate" }, // 32,768 − 4,096: older models
  },
  groq: {
    rows: [
      row(/^openai\/gpt-oss/, 98_000, "o200k_base"), // 131,072 − 32,768
      row(/^(llama-3\.[1-3]|llama3|meta-llama|qwen|moonshotai|deepseek)/, 98_000),
      row(/^gemma/, 7_000),
    ],
    fallback: { inputTokens: 7_000, tokenizer: "estimate" }, // 8,192 − 1,024
  },
  xai: {
    rows: [
      row(/^grok-4-fast|^grok-4-1-fast/, 1_900_000),
      row(/^grok-4/, 240_000),
      row(/^grok-(2|3)/, 120_000),
    ],
    fallback: { inputTokens: 120_000, tokenizer: "estimate" },
  },
  deepseek: {
    rows: [row(/^deepseek-reasoner/, 64_000), row(/^deepseek-chat/, 120_000)], // 128k − 64k / 8k answers
    fallback: { inputTokens: 64_000, tokenizer: "estimate" },
  },
  cerebras: {
    // Cerebras serves shorter windows than the models allow: 65,536 on its public tiers.
    rows: [row(/^gpt-oss/, 57_000, "o200k_base")],
    fallback: { inputTokens: 57_000, tokenizer: "estimate" }, // 65,536 − 8,192
  },
  togetherai: {
    rows: [row(/llama-3\.[1-3]|llama-4|qwen|deepseek/i, 120_000), row(/gpt-oss/, 98_000, "o200k_base")],
    fallback: { inputTokens: 28_000, tokenizer: "estimate" },
  },
  ollama: {
    // Ollama runs every model with a 4,096-token context unless told otherwise (num_ctx), and cuts a
    // longer prompt silently, so its budget is the default window less a 1,024-token answer.
    rows: [],
    fallback: { inputTokens: 3_000, tokenizer: "estimate" },
  },
};
