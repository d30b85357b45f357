/**
 * Which environment variables hold a provider's model key, and reading them. Shared by the settings and
 * the key stores; keys never leave the main process.
 */

/** `openai/gpt-4.1-mini` → `openai`. */
export function providerOf(model: string): string {
  return model.split("/")[0] ?? "";
}

/**
 * The environment variables that may hold a provider's key: the provider's usual `<PROVIDER>_API_KEY`
 * (and Google's own names), then `LOUPE_MODEL_API_KEY` — the generic one, listed last for people but
 * read first by `apiKeyFor`.
 */
export function keyVariablesFor(provider: string): string[] {
  const names = [`${provider.toUpperCase().replace(/-/g, "_")}_API_KEY`];
  if (provider === "google") names.unshift("GOOGLE_GENERATIVE_AI_API_KEY");
  if (provider === "google") names.push("GEMINI_API_KEY");
  return [...names, "LOUPE_MODEL_API_KEY"];
}

/** Providers that run on the person's machine and need no key. */
export function needsNoKey(provider: string): boolean {
  return provider === "ollama";
}

/**
 * The key for the model's provider from the environment: `LOUPE_MODEL_API_KEY`, else the provider's
 * usual `<PROVIDER>_API_KEY`. Stays in the main process: only `hasApiKey` is ever shown.
 */
export function apiKeyFor(
  model: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const provider = providerOf(model);
  const names = [
    "LOUPE_MODEL_API_KEY",
    ...keyVariablesFor(provider).filter((n) => n !== "LOUPE_MODEL_API_KEY"),
  ];
  return names.map((name) => env[name]?.trim()).find(Boolean);
}
