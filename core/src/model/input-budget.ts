/**
 * The input budget of the model an extraction calls: how many tokens one prompt may hold, and how they
 * are counted. Extraction splits its content when a prompt would not fit (see `extract/chunks`).
 */
import { ClientError } from "../errors.js";
import { CONTEXT_WINDOWS, UNKNOWN_MODEL_INPUT_TOKENS } from "./context-windows.js";
import { isLanguageModelInstance, splitModelName, type ModelConfiguration } from "./model-configuration.js";
import { findProvider, type ModelEnvironment, type ProviderName } from "./provider-table.js";
import type { TokenizerName } from "./token-counter.js";

/** The environment variable that overrides every model's input budget. */
export const MAX_INPUT_TOKENS_ENV = "LOUPE_MODEL_MAX_INPUT_TOKENS";

/**
 * The smallest budget Loupe accepts: below it the instructions and the schema alone would not leave
 * room for any of the page.
 */
export const MIN_INPUT_TOKENS = 1_024;

/** How many tokens a model's prompt may hold, and where that figure came from. */
export interface InputBudget {
  maxInputTokens: number;
  tokenizer: TokenizerName;
  /** `configuration`: the model's `maxInputTokens`; `environment`: LOUPE_MODEL_MAX_INPUT_TOKENS; `table`: the known window. */
  source: "configuration" | "environment" | "table";
}

/**
 * The input budget for a model configuration: `maxInputTokens` in its object form, else
 * `LOUPE_MODEL_MAX_INPUT_TOKENS`, else the context-window table (a model it does not list gets its
 * provider's default). The tokenizer always comes from the model's name.
 *
 * @param env Where the environment variable is read; defaults to `process.env`.
 * @throws ClientError when `maxInputTokens` or the variable is not a whole number of at least 1,024.
 */
export function resolveInputBudget(
  configuration: ModelConfiguration,
  env: ModelEnvironment = process.env,
): InputBudget {
  const known = lookUp(configuration);
  if (
    !isLanguageModelInstance(configuration) &&
    typeof configuration === "object" &&
    configuration !== null
  ) {
    const configured = configuration.maxInputTokens;
    if (configured !== undefined) {
      return {
        maxInputTokens: checkBudget(
          configured,
          `maxInputTokens of model "${String(configuration.modelName)}"`,
        ),
        tokenizer: known.tokenizer,
        source: "configuration",
      };
    }
  }
  const variable = env[MAX_INPUT_TOKENS_ENV]?.trim();
  if (variable) {
    const parsed = /^\d[\d_,]*$/.test(variable) ? Number(variable.replace(/[_,]/g, "")) : Number.NaN;
    return {
      maxInputTokens: checkBudget(parsed, `${MAX_INPUT_TOKENS_ENV} (${JSON.stringify(variable)})`),
      tokenizer: known.tokenizer,
      source: "environment",
    };
  }
  return { ...known, source: "table" };
}

/**
 * Checks a `maxInputTokens` value (used when a model configuration is checked, so a bad value fails
 * when the client is made, not at the first long page).
 *
 * @throws ClientError naming `field` when the value is not a whole number of at least {@link MIN_INPUT_TOKENS}.
 */
export function checkBudget(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < MIN_INPUT_TOKENS) {
    throw new ClientError(
      `${field} must be a whole number of tokens of at least ${MIN_INPUT_TOKENS.toLocaleString("en-US")} ` +
        `(the model's context window less room for its answer); got ${typeof value === "number" ? value : JSON.stringify(value)}.`,
    );
  }
  return value;
}

function lookUp(configuration: ModelConfiguration): Omit<InputBudget, "source"> {
  const named = nameOf(configuration);
  const windows =
    named && findProvider(named.provider) ? CONTEXT_WINDOWS[named.provider as ProviderName] : undefined;
  if (!named || !windows) return { maxInputTokens: UNKNOWN_MODEL_INPUT_TOKENS, tokenizer: "estimate" };
  const modelId = named.modelId.toLowerCase();
  const found = windows.rows.find((candidate) => candidate.models.test(modelId));
  return found
    ? { maxInputTokens: found.inputTokens, tokenizer: found.tokenizer }
    : { maxInputTokens: windows.fallback.inputTokens, tokenizer: windows.fallback.tokenizer };
}

function nameOf(configuration: ModelConfiguration): { provider: string; modelId: string } | undefined {
  if (isLanguageModelInstance(configuration)) {
    // AI SDK provider ids carry the API flavour ("openai.chat"); an OpenAI-compatible one names the server.
    return { provider: configuration.provider.split(".")[0] ?? "", modelId: configuration.modelId };
  }
  if (typeof configuration === "string") return splitModelName(configuration);
  return typeof configuration?.modelName === "string" ? splitModelName(configuration.modelName) : undefined;
}
