import { describe, expect, it } from "vitest";
import { extractCacheKey, stableJson, type CacheKeyParts } from "./cache-key.js";

const BASE: CacheKeyParts = {
  promptText: "Instruction: the price\n\nPage snapshot:\n[0-1] heading: Shoe",
  instruction: "the price",
  jsonSchema: { type: "object", properties: { a: { type: "string" }, b: { type: "number" } } },
  selector: undefined,
  ignoreSelectors: undefined,
  screenshot: undefined,
  model: { modelName: "openai/x", baseURL: "http://127.0.0.1:1/v1", apiKey: "secret" },
};

describe("extractCacheKey", () => {
  it("is the same for the same extraction, whatever the schema's key order or the model's API key", () => {
    const reordered = {
      ...BASE,
      jsonSchema: { properties: { b: { type: "number" }, a: { type: "string" } }, type: "object" },
      model: { apiKey: "another", baseURL: "http://127.0.0.1:1/v1", modelName: "openai/x" },
    };
    expect(extractCacheKey(reordered)).toBe(extractCacheKey(BASE));
  });

  it("changes with everything that changes the answer", () => {
    const key = extractCacheKey(BASE);
    const variants: Partial<CacheKeyParts>[] = [
      { promptText: BASE.promptText.replace("Shoe", "Boot") },
      { instruction: "the name" },
      { jsonSchema: { type: "object" } },
      { jsonSchema: undefined },
      { selector: "main" },
      { ignoreSelectors: ["nav"] },
      { screenshot: new Uint8Array([1, 2, 3]) },
      { model: { modelName: "openai/y", baseURL: "http://127.0.0.1:1/v1" } },
      { model: { modelName: "openai/x", baseURL: "http://127.0.0.1:2/v1" } },
      { model: "openai/x" },
    ];
    const keys = variants.map((variant) => extractCacheKey({ ...BASE, ...variant }));
    for (const other of keys) expect(other).not.toBe(key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("stableJson", () => {
  it("sorts object keys at every level and keeps array order", () => {
    expect(stableJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
  });
});
