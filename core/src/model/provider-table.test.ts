import { afterEach, describe, expect, it, vi } from "vitest";
import { PROVIDERS, SUPPORTED_PROVIDERS } from "./provider-table.js";

/** Thrown by the stand-in `fetch`: reaching it means the provider found a key and built its request. */
class RequestSent extends Error {}

const PROMPT = [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }];
const ALL_VARIABLES = SUPPORTED_PROVIDERS.flatMap((name) => PROVIDERS[name].apiKeyEnv);

/**
 * Builds the provider's model with no key of Loupe's, so the AI SDK package falls back to its own
 * environment variable, and sends one request to a `fetch` that stops it.
 */
async function requestWithPackageDefaults(name: (typeof SUPPORTED_PROVIDERS)[number]): Promise<unknown> {
  const model = PROVIDERS[name].createModel({
    modelId: "m",
    apiKey: undefined,
    baseURL: undefined,
    options: {
      fetch: async () => {
        throw new RequestSent();
      },
    },
    env: {},
  });
  return Promise.resolve(model.doGenerate({ prompt: PROMPT })).catch((error: unknown) => error);
}

describe("the provider table", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  // The table's first variable must be the one the provider's AI SDK package reads itself, so a key the
  // package would find is one Loupe (the SDK, the Studio, the Cloud) finds and names too.
  it.each(SUPPORTED_PROVIDERS.filter((name) => PROVIDERS[name].apiKeyEnv.length > 0))(
    "lists %s's own AI SDK key variable first",
    async (name) => {
      for (const variable of ALL_VARIABLES) vi.stubEnv(variable, undefined);
      const [first] = PROVIDERS[name].apiKeyEnv;
      await expect(requestWithPackageDefaults(name)).resolves.not.toBeInstanceOf(RequestSent);
      vi.stubEnv(first!, "key-from-the-package-variable");
      await expect(requestWithPackageDefaults(name)).resolves.toBeInstanceOf(RequestSent);
    },
  );

  it("names every variable once, in upper snake case", () => {
    for (const name of SUPPORTED_PROVIDERS) {
      const variables = PROVIDERS[name].apiKeyEnv;
      expect(new Set(variables).size).toBe(variables.length);
      for (const variable of variables) expect(variable).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
  });
});
