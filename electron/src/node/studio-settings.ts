import type { StudioSettings } from "../common/studio-api.js";
import { apiKeyFor, keyVariablesFor, needsNoKey, providerOf } from "./environment-keys.js";
import type { KeyStore } from "./key-store.js";

export { apiKeyFor, keyVariablesFor, providerOf } from "./environment-keys.js";

/** The model settings the service holds; the API key stays in the key store and is never returned. */
export interface ModelSettings {
  model: string;
  baseURL?: string;
}

/**
 * The key a run sends: one the person stored (keychain) wins over the environment, so a key typed in
 * the desktop app is used even when an old variable is still set.
 */
export function resolveApiKey(
  model: string,
  keys: KeyStore,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  return keys.get(providerOf(model)) ?? apiKeyFor(model, env);
}

/** The public form of the settings: model and baseURL, and only whether (and where) a key exists. */
export function publicSettings(
  settings: ModelSettings,
  env: Readonly<Record<string, string | undefined>>,
  keys?: KeyStore,
): StudioSettings {
  const provider = providerOf(settings.model);
  const stored = keys?.persistent ? keys.get(provider) : undefined;
  const keySource = stored
    ? "store"
    : apiKeyFor(settings.model, env)
      ? "environment"
      : needsNoKey(provider)
        ? "not_needed"
        : "none";
  return {
    model: settings.model,
    provider,
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    hasApiKey: keySource !== "none",
    keySource,
    keyVariables: keyVariablesFor(provider),
    keysPersistent: keys?.persistent ?? false,
  };
}

/** A model as the service hands it to the engine: name, and the key and server when there are any. */
// A type alias, not an interface: it must fit core's `ModelConfiguration` index signature.
export type ResolvedModel = {
  modelName: string;
  apiKey?: string;
  baseURL?: string;
};

/**
 * A model configuration that reads the current settings each time the engine looks at it. The embedded
 * cloud takes its model once, at start; with this it follows the Settings panel (and stored keys), so a
 * `json` fetch uses the same model as extract and act.
 */
export function followingModel(current: () => ResolvedModel): ResolvedModel {
  return {
    get modelName() {
      return current().modelName;
    },
    get apiKey() {
      return current().apiKey;
    },
    get baseURL() {
      return current().baseURL;
    },
  };
}
