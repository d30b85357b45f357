import { describe, expect, it } from "vitest";
import {
  DEFAULT_MODEL,
  MODEL_KEY_VARIABLE,
  keyVariablesFor,
  modelKeyFromEnvironment,
  needsNoKey,
  providerOf,
  serviceModelFromEnvironment,
} from "./model-environment.js";
import { PROVIDERS, SUPPORTED_PROVIDERS } from "./provider-table.js";
import { resolveLanguageModel } from "./resolve-model.js";

describe("model keys from the environment", () => {
  it("names the provider table's variables, then the generic one", () => {
    for (const provider of SUPPORTED_PROVIDERS)
      expect(keyVariablesFor(provider)).toEqual([...PROVIDERS[provider].apiKeyEnv, MODEL_KEY_VARIABLE]);
    expect(keyVariablesFor("togetherai")).toEqual([
      "TOGETHER_API_KEY",
      "TOGETHER_AI_API_KEY",
      "LOUPE_MODEL_API_KEY",
    ]);
    expect(keyVariablesFor("google")).toContain("GEMINI_API_KEY");
    expect(keyVariablesFor("nonesuch")).toEqual([MODEL_KEY_VARIABLE]);
  });

  // What a service finds in a variable it names is what the engine resolves the model with.
  it.each(SUPPORTED_PROVIDERS.filter((provider) => !needsNoKey(provider)))(
    "reads every %s variable it names, as the engine does",
    (provider) => {
      for (const variable of PROVIDERS[provider].apiKeyEnv) {
        const env = { [variable]: ` key-in-${variable} ` };
        expect(modelKeyFromEnvironment(provider, env)).toBe(`key-in-${variable}`);
        expect(() => resolveLanguageModel(`${provider}/m`, env)).not.toThrow();
      }
      expect(modelKeyFromEnvironment(provider, {})).toBeUndefined();
      expect(() => resolveLanguageModel(`${provider}/m`, {})).toThrow(PROVIDERS[provider].apiKeyEnv[0]!);
    },
  );

  it("prefers the generic variable and skips blank values", () => {
    expect(modelKeyFromEnvironment("openai", { OPENAI_API_KEY: "own", LOUPE_MODEL_API_KEY: "generic" })).toBe(
      "generic",
    );
    expect(modelKeyFromEnvironment("openai", { OPENAI_API_KEY: "own", LOUPE_MODEL_API_KEY: " " })).toBe(
      "own",
    );
    expect(
      modelKeyFromEnvironment("togetherai", { TOGETHER_AI_API_KEY: "old", TOGETHER_API_KEY: "new" }),
    ).toBe("new");
  });

  it("knows which providers need no key", () => {
    expect(needsNoKey("ollama")).toBe(true);
    expect(needsNoKey("openai")).toBe(false);
    expect(needsNoKey("nonesuch")).toBe(false);
  });

  it("takes the provider from a model name", () => {
    expect(providerOf("OpenAI/gpt-4.1")).toBe("openai");
    expect(providerOf("anthropic/")).toBe("anthropic");
    expect(providerOf("")).toBe("");
  });
});

describe("a service's model from the environment", () => {
  it("defaults to the SDK's model and carries the base URL and generic key when set", () => {
    expect(serviceModelFromEnvironment({})).toEqual({ modelName: DEFAULT_MODEL });
    expect(
      serviceModelFromEnvironment({
        LOUPE_MODEL: "ollama/llama3.2",
        LOUPE_MODEL_BASE_URL: "http://127.0.0.1:11434/v1",
        LOUPE_MODEL_API_KEY: "k",
      }),
    ).toEqual({ modelName: "ollama/llama3.2", baseURL: "http://127.0.0.1:11434/v1", apiKey: "k" });
    expect(serviceModelFromEnvironment({ LOUPE_MODEL: " ", LOUPE_MODEL_API_KEY: "" })).toEqual({
      modelName: DEFAULT_MODEL,
    });
  });
});
