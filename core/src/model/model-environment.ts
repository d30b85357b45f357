/**
 * Where a model and its key come from in the environment, for every process that picks one: the SDK's
 * `Client`, Loupe Cloud's server-side model, and the Studio. The key variable names come from the
 * provider table and nowhere else, so the three cannot disagree about them.
 */
import { findProvider, type ModelEnvironment } from "./provider-table.js";

/** The model used when neither the options nor LOUPE_MODEL name one. */
export const DEFAULT_MODEL = "openai/gpt-4.1-mini";

/**
 * The generic key variable of Loupe's services (the Cloud server, the Studio): one key for whichever
 * provider LOUPE_MODEL names. It wins over the provider's own variables, since it is the one set for Loupe.
 */
export const MODEL_KEY_VARIABLE = "LOUPE_MODEL_API_KEY";

/** `"openai/gpt-4.1-mini"` → `"openai"`: the part before the first slash, as the provider table spells it. */
export function providerOf(model: string): string {
  return (model.trim().split("/")[0] ?? "").toLowerCase();
}

/**
 * The environment variables a service reads a provider's key from, in the order they are shown to
 * people: the provider's own (from the provider table), then {@link MODEL_KEY_VARIABLE}. A provider
 * Loupe does not support has only the generic one.
 */
export function keyVariablesFor(provider: string): string[] {
  return [...(findProvider(provider)?.apiKeyEnv ?? []), MODEL_KEY_VARIABLE];
}

/** True for providers that need no key at all (a local Ollama). */
export function needsNoKey(provider: string): boolean {
  return findProvider(provider)?.apiKeyEnv.length === 0;
}

/**
 * A service's key for a provider: {@link MODEL_KEY_VARIABLE} first, then the provider's own variables in
 * the table's order. Blank values count as unset.
 */
export function modelKeyFromEnvironment(provider: string, env: ModelEnvironment): string | undefined {
  const own = findProvider(provider)?.apiKeyEnv ?? [];
  return [MODEL_KEY_VARIABLE, ...own].map((name) => env[name]?.trim()).find(Boolean);
}

/** The model a service runs with, as read from its environment. */
// A type alias, not an interface: it must fit `ModelConfiguration`'s index signature.
export type ServiceModel = { modelName: string; baseURL?: string; apiKey?: string };

/**
 * The model of a Loupe service (the Cloud server): `LOUPE_MODEL` (default {@link DEFAULT_MODEL}),
 * `LOUPE_MODEL_BASE_URL`, and {@link MODEL_KEY_VARIABLE} as its key when set; without it the provider's
 * own variable is read when the model is resolved.
 */
export function serviceModelFromEnvironment(env: ModelEnvironment): ServiceModel {
  const modelName = env["LOUPE_MODEL"]?.trim() || DEFAULT_MODEL;
  const baseURL = env["LOUPE_MODEL_BASE_URL"]?.trim();
  const apiKey = env[MODEL_KEY_VARIABLE]?.trim();
  return { modelName, ...(baseURL ? { baseURL } : {}), ...(apiKey ? { apiKey } : {}) };
}
