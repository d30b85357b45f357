import type { StudioSettings } from "../common/studio-api.js";

/** The model settings the service holds; the API key stays in the environment and is never returned. */
export interface ModelSettings {
  model: string;
  baseURL?: string;
}

/**
 * The key for the model's provider from the environment: `LOUPE_MODEL_API_KEY`, else the provider's
 * usual `<PROVIDER>_API_KEY`. Stays in the main process: only `hasApiKeyFor` is ever shown.
 */
export function apiKeyFor(
  model: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const provider = model.split("/")[0] ?? "";
  const names = ["LOUPE_MODEL_API_KEY", `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY`];
  if (provider === "google") names.push("GOOGLE_GENERATIVE_AI_API_KEY", "GEMINI_API_KEY");
  return names.map((name) => env[name]?.trim()).find(Boolean);
}

/** Whether the model can be called: a key is in the environment, or the provider needs none (ollama). */
export function hasApiKeyFor(model: string, env: Readonly<Record<string, string | undefined>>): boolean {
  return model.startsWith("ollama/") || apiKeyFor(model, env) !== undefined;
}

/** The public form of the settings: model and baseURL, and only whether a key exists. */
export function publicSettings(
  settings: ModelSettings,
  env: Readonly<Record<string, string | undefined>>,
): StudioSettings {
  return {
    model: settings.model,
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    hasApiKey: hasApiKeyFor(settings.model, env),
  };
}
