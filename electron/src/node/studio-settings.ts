import { DEFAULT_MODEL, SUPPORTED_PROVIDERS } from "@loupe/core/engine";
import type { StudioSettings } from "../common/studio-api.js";
import { apiKeyFor, keyVariablesFor, needsNoKey, providerOf } from "./environment-keys.js";
import type { KeyStore } from "./key-store.js";
import { LOCAL_MODEL_PRESETS } from "./model-presets.js";

export { apiKeyFor, keyVariablesFor, providerOf } from "./environment-keys.js";

/** The model settings the service holds; the API key stays in the key store and is never returned. */
export interface ModelSettings {
  model: string;
  baseURL?: string;
}

/**
 * What a run sends as the key to a model server on this machine when the person has none: LM Studio,
 * Ollama and llama.cpp take any key, but the OpenAI-compatible client refuses to send none.
 */
export const LOCAL_SERVER_KEY = "not-needed";

/** Whether `baseURL` is a server on this machine (a loopback address), which needs no real key. */
export function isLocalServer(baseURL: string | undefined): boolean {
  if (!baseURL) return false;
  let host: string;
  try {
    host = new URL(baseURL).hostname;
  } catch {
    return false;
  }
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The key a run sends: one the person stored (keychain) wins over the environment, so a key typed in
 * the desktop app is used even when an old variable is still set. A server on this machine gets a
 * placeholder when there is no key, so the local presets work in web mode without a restart.
 */
export function resolveApiKey(
  model: string,
  keys: KeyStore,
  env: Readonly<Record<string, string | undefined>>,
  baseURL?: string,
): string | undefined {
  return (
    keys.get(providerOf(model)) ??
    apiKeyFor(model, env) ??
    (isLocalServer(baseURL) ? LOCAL_SERVER_KEY : undefined)
  );
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
      : needsNoKey(provider) || isLocalServer(settings.baseURL)
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
    defaultModel: DEFAULT_MODEL,
    // The generic variable is left out here: it is the same for every provider, and named per model above.
    providers: SUPPORTED_PROVIDERS.map((name) => ({
      name,
      keyVariables: needsNoKey(name) ? [] : keyVariablesFor(name).slice(0, -1),
    })),
    presets: LOCAL_MODEL_PRESETS.map((preset) => ({ ...preset })),
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
