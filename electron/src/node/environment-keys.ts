/**
 * Which environment variables hold a provider's model key, and reading them: core's provider table, so
 * the Studio names and reads exactly the variables the engine resolves keys with. Keys never leave the
 * main process.
 */
import { keyVariablesFor, modelKeyFromEnvironment, needsNoKey, providerOf } from "@loupe/core/engine";

export { keyVariablesFor, needsNoKey, providerOf };

/**
 * The key for the model's provider from the environment: `LOUPE_MODEL_API_KEY`, else the provider's own
 * variables. Stays in the main process: only `hasApiKey` is ever shown.
 */
export function apiKeyFor(
  model: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  return modelKeyFromEnvironment(providerOf(model), env);
}
