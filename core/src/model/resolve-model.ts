/**
 * Turns a model configuration into an AI SDK model, in two steps: a cheap check of the name (run when a
 * client is constructed, so a typo fails at once) and the full resolution with a key (run only when a
 * model call is needed, so page-text-only use never needs a key).
 */
import {
  ClientError,
  InvalidAISDKModelFormatError,
  MissingLLMConfigurationError,
  UnsupportedModelError,
} from "../errors.js";
import { checkBudget } from "./input-budget.js";
import { DEFAULT_MODEL } from "./model-environment.js";
import {
  isLanguageModelInstance,
  splitModelName,
  type LanguageModelInstance,
  type ModelConfiguration,
} from "./model-configuration.js";
import {
  findProvider,
  SUPPORTED_PROVIDERS,
  type ModelEnvironment,
  type ProviderEntry,
  type ProviderName,
} from "./provider-table.js";

/** AI SDK 6 runs models of these specification versions (v2 in a compatibility mode). */
const SUPPORTED_SPECIFICATION_VERSIONS = ["v2", "v3"];

/** The model named in examples: the one a client uses by default. */
const EXAMPLE_MODEL = DEFAULT_MODEL;

/** A string or object configuration after its name, provider and options have been checked. */
interface CheckedConfiguration {
  /** The name as the caller wrote it, for messages. */
  name: string;
  provider: ProviderName;
  entry: ProviderEntry;
  modelId: string;
  apiKey: string | undefined;
  baseURL: string | undefined;
  options: Record<string, unknown>;
}

/**
 * Checks that a configuration names a supported provider in the `"provider/model"` form, without
 * looking for a key. Use it when a client is constructed.
 *
 * @throws InvalidAISDKModelFormatError when the name has no `provider/` prefix or the object has no `modelName`.
 * @throws UnsupportedModelError when the provider is not supported, or a model instance has an
 *   interface version AI SDK 6 cannot run.
 */
export function checkModelConfiguration(configuration: ModelConfiguration): void {
  if (isLanguageModelInstance(configuration)) checkInstance(configuration);
  else checkConfiguration(configuration);
}

/**
 * Resolves a configuration to an AI SDK language model, reading the key from `model.apiKey` or the
 * provider's environment variable. Call it only when a model call is about to be made.
 *
 * @param env Where environment variables are read; defaults to `process.env`.
 * @throws The errors of {@link checkModelConfiguration}, and MissingLLMConfigurationError when the
 *   provider needs a key and neither `apiKey` nor its environment variable gives one.
 */
export function resolveLanguageModel(
  configuration: ModelConfiguration,
  env: ModelEnvironment = process.env,
): LanguageModelInstance {
  if (isLanguageModelInstance(configuration)) {
    checkInstance(configuration);
    return configuration;
  }
  const checked = checkConfiguration(configuration);
  return checked.entry.createModel({
    modelId: checked.modelId,
    apiKey: findApiKey(checked, env),
    baseURL: checked.baseURL,
    options: checked.options,
    env,
  });
}

function checkInstance(model: LanguageModelInstance): void {
  if (!SUPPORTED_SPECIFICATION_VERSIONS.includes(model.specificationVersion)) {
    throw new UnsupportedModelError(
      `The model object ${model.provider}/${model.modelId} implements AI SDK language model ` +
        `specification ${model.specificationVersion}, but Loupe runs on AI SDK 6, which needs ` +
        `${SUPPORTED_SPECIFICATION_VERSIONS.join(" or ")}. Upgrade its provider package to a version made for AI SDK 6.`,
    );
  }
}

function checkConfiguration(
  configuration: Exclude<ModelConfiguration, LanguageModelInstance>,
): CheckedConfiguration {
  if (typeof configuration === "string") {
    return { ...checkName(configuration, "model"), apiKey: undefined, baseURL: undefined, options: {} };
  }
  if (typeof configuration !== "object" || configuration === null) {
    throw new InvalidAISDKModelFormatError(
      `The model must be a "provider/model" string (for example "${EXAMPLE_MODEL}"), an object ` +
        `{ modelName: "${EXAMPLE_MODEL}", apiKey?, baseURL? }, or an AI SDK LanguageModel; got ${describeValue(configuration)}.`,
    );
  }
  // maxInputTokens is Loupe's, not the provider's: it is checked here and never handed on.
  const { modelName, apiKey, baseURL, maxInputTokens, ...options } = configuration;
  if (typeof modelName !== "string") {
    throw new InvalidAISDKModelFormatError(
      `The model object needs modelName: "provider/model", for example { modelName: "${EXAMPLE_MODEL}" }; ` +
        `got modelName ${describeValue(modelName)}.`,
    );
  }
  const named = checkName(modelName, "modelName");
  checkOptionalString(apiKey, "apiKey", modelName);
  checkOptionalString(baseURL, "baseURL", modelName);
  if (maxInputTokens !== undefined) checkBudget(maxInputTokens, `maxInputTokens of model "${modelName}"`);
  named.entry.checkOptions?.(options);
  return { ...named, apiKey, baseURL, options };
}

function checkName(
  name: string,
  field: "model" | "modelName",
): Pick<CheckedConfiguration, "name" | "provider" | "entry" | "modelId"> {
  const parts = splitModelName(name);
  if (!parts) {
    throw new InvalidAISDKModelFormatError(
      `The ${field} "${name}" is not of the form "provider/model". Put the provider before a slash, ` +
        `for example "${EXAMPLE_MODEL}" or "anthropic/claude-sonnet-4-5". Providers: ${SUPPORTED_PROVIDERS.join(", ")}.`,
    );
  }
  const entry = findProvider(parts.provider);
  if (!entry) {
    throw new UnsupportedModelError(
      `The provider "${parts.provider}" in "${name}" is not supported. Supported providers: ` +
        `${SUPPORTED_PROVIDERS.join(", ")}. For another OpenAI-compatible server use ` +
        `{ modelName: "openai/<model>", baseURL: "http://…/v1", apiKey: "…" }, or pass an AI SDK LanguageModel.`,
    );
  }
  return { name, provider: parts.provider as ProviderName, entry, modelId: parts.modelId };
}

/**
 * An explicit `apiKey` wins whatever its value (local servers accept any placeholder); otherwise the
 * first non-empty environment variable. A `baseURL` alone does not excuse a missing key: most
 * OpenAI-compatible servers still check one, and a silent empty key fails far less clearly.
 */
function findApiKey(checked: CheckedConfiguration, env: ModelEnvironment): string | undefined {
  if (checked.apiKey !== undefined) return checked.apiKey;
  const { apiKeyEnv } = checked.entry;
  if (apiKeyEnv.length === 0) return undefined;
  for (const variable of apiKeyEnv) {
    const value = env[variable]?.trim();
    if (value) return value;
  }
  const variables = apiKeyEnv.join(" or ");
  throw new MissingLLMConfigurationError(
    `No API key for ${checked.provider} (model "${checked.name}"): set the ${variables} environment ` +
      `variable, or pass { modelName: "${checked.name}", apiKey: "…" }.` +
      (checked.baseURL
        ? ` A baseURL does not replace the key; if the server at ${checked.baseURL} needs none, pass any apiKey (for example "none").`
        : ""),
  );
}

function checkOptionalString(
  value: unknown,
  field: string,
  modelName: string,
): asserts value is string | undefined {
  if (value !== undefined && typeof value !== "string") {
    throw new ClientError(
      `The ${field} of model "${modelName}" must be a string; got ${describeValue(value)}.`,
    );
  }
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}
