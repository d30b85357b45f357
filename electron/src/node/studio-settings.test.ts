import { describe, expect, it } from "vitest";
import { hasApiKeyFor, publicSettings } from "./studio-settings.js";

describe("model settings", () => {
  it("says whether a key exists without returning it", () => {
    const env = { OPENAI_API_KEY: "sk-secret" };
    const settings = publicSettings({ model: "openai/gpt-4.1-mini" }, env);
    expect(settings).toEqual({ model: "openai/gpt-4.1-mini", hasApiKey: true });
    expect(JSON.stringify(settings)).not.toContain("sk-secret");
    expect(hasApiKeyFor("anthropic/claude", env)).toBe(false);
    expect(hasApiKeyFor("ollama/llama3.2", {})).toBe(true);
  });
});
