import { describe, expect, it } from "vitest";
import { DEFAULT_MODEL, keyVariablesFor, needsNoKey, SUPPORTED_PROVIDERS } from "@loupe/core/engine";
import type { KeyStore } from "./key-store.js";
import { followingModel, publicSettings, resolveApiKey } from "./studio-settings.js";

/** A keychain-like store held in memory. */
function memoryStore(keys: Record<string, string> = {}): KeyStore {
  return {
    persistent: true,
    get: (provider) => keys[provider],
    set: async (provider, key) => void (keys[provider] = key),
    delete: async (provider) => void delete keys[provider],
  };
}

describe("model settings", () => {
  it("says whether a key exists without returning it", () => {
    const env = { OPENAI_API_KEY: "sk-secret" };
    const settings = publicSettings({ model: "openai/gpt-4.1-mini" }, env);
    expect(settings).toMatchObject({
      model: "openai/gpt-4.1-mini",
      provider: "openai",
      hasApiKey: true,
      keySource: "environment",
      keyVariables: ["OPENAI_API_KEY", "LOUPE_MODEL_API_KEY"],
      keysPersistent: false,
    });
    expect(JSON.stringify(settings)).not.toContain("sk-secret");
  });

  // The renderer names no model or provider itself: it shows these.
  it("hands the renderer core's default model, its providers and the local-server presets", () => {
    const settings = publicSettings({ model: "openai/x" }, {});
    expect(settings.defaultModel).toBe(DEFAULT_MODEL);
    expect(settings.providers.map((p) => p.name)).toEqual(SUPPORTED_PROVIDERS);
    expect(settings.providers.find((p) => p.name === "togetherai")?.keyVariables).toEqual(
      keyVariablesFor("togetherai").filter((v) => v !== "LOUPE_MODEL_API_KEY"),
    );
    expect(settings.providers.find((p) => p.name === "ollama")?.keyVariables).toEqual([]);
    for (const preset of settings.presets) {
      expect(SUPPORTED_PROVIDERS).toContain(preset.model.split("/")[0]);
      expect(new URL(preset.baseURL).hostname).toBe("127.0.0.1");
    }
  });

  it("names what to set when there is no key, and needs none for ollama", () => {
    expect(publicSettings({ model: "anthropic/claude" }, {})).toMatchObject({
      hasApiKey: false,
      keySource: "none",
      keyVariables: ["ANTHROPIC_API_KEY", "LOUPE_MODEL_API_KEY"],
    });
    expect(publicSettings({ model: "ollama/llama3.2" }, {})).toMatchObject({
      hasApiKey: true,
      keySource: "not_needed",
    });
  });

  // The Studio names and reads core's provider table, so a variable the engine would read is one the
  // Settings panel shows and finds (togetherai once disagreed: TOGETHERAI_API_KEY here, TOGETHER_API_KEY there).
  it.each(SUPPORTED_PROVIDERS.filter((provider) => !needsNoKey(provider)))(
    "names and finds %s's key variables as core's provider table lists them",
    (provider) => {
      const variables = keyVariablesFor(provider);
      expect(publicSettings({ model: `${provider}/m` }, {}).keyVariables).toEqual(variables);
      for (const variable of variables) {
        const env = { [variable]: "k" };
        expect(publicSettings({ model: `${provider}/m` }, env)).toMatchObject({ keySource: "environment" });
        expect(resolveApiKey(`${provider}/m`, memoryStore(), env)).toBe("k");
      }
    },
  );
  it("needs no key for a model server on this machine, and sends a placeholder to it", () => {
    const keys = memoryStore();
    for (const baseURL of ["http://127.0.0.1:1234/v1", "http://localhost:11434/v1", "http://[::1]:8080/v1"]) {
      expect(publicSettings({ model: "openai/local-model", baseURL }, {})).toMatchObject({
        hasApiKey: true,
        keySource: "not_needed",
      });
      expect(resolveApiKey("openai/local-model", keys, {}, baseURL)).toBe("not-needed");
    }
    // A real key still wins, and a remote server gets no placeholder.
    expect(resolveApiKey("openai/x", keys, { OPENAI_API_KEY: "sk-env" }, "http://127.0.0.1:1/v1")).toBe(
      "sk-env",
    );
    for (const baseURL of ["https://api.example.com/v1", "http://127.0.0.1.example.com/v1", "not a url"]) {
      expect(resolveApiKey("openai/x", keys, {}, baseURL)).toBeUndefined();
      expect(publicSettings({ model: "openai/x", baseURL }, {}).keySource).toBe("none");
    }
  });

  it("prefers a stored key over the environment", () => {
    const keys = memoryStore({ openai: "sk-stored" });
    expect(resolveApiKey("openai/x", keys, { OPENAI_API_KEY: "sk-env" })).toBe("sk-stored");
    expect(resolveApiKey("anthropic/x", keys, { ANTHROPIC_API_KEY: "sk-env" })).toBe("sk-env");
    const settings = publicSettings({ model: "openai/x" }, {}, keys);
    expect(settings).toMatchObject({ hasApiKey: true, keySource: "store", keysPersistent: true });
    expect(JSON.stringify(settings)).not.toContain("sk-stored");
  });

  it("gives the in-process fetch a model that follows the current settings", () => {
    let current: { modelName: string; baseURL?: string } = { modelName: "openai/a" };
    const model = followingModel(() => current);
    expect(model.modelName).toBe("openai/a");
    current = { modelName: "ollama/b", baseURL: "http://127.0.0.1:11434/v1" };
    expect({ ...model }).toEqual({
      modelName: "ollama/b",
      baseURL: "http://127.0.0.1:11434/v1",
      apiKey: undefined,
    });
  });
});
