import { describe, expect, it } from "vitest";
import { resolveInputBudget } from "./input-budget.js";
import { loadTokenCounter } from "./token-counter.js";

describe("resolveInputBudget", () => {
  it("knows providers' models, with the tokenizer where it is public", () => {
    expect(resolveInputBudget("openai/gpt-4.1-mini", {})).toEqual({
      maxInputTokens: 1_014_000,
      tokenizer: "o200k_base",
      source: "table",
    });
    expect(resolveInputBudget("openai/gpt-3.5-turbo", {}).tokenizer).toBe("cl100k_base");
    expect(resolveInputBudget("anthropic/claude-sonnet-4-5", {})).toMatchObject({
      maxInputTokens: 136_000,
      tokenizer: "estimate",
    });
    expect(resolveInputBudget("ollama/llama3.2", {}).maxInputTokens).toBe(3_000);
    expect(resolveInputBudget("openai/some-local-model", {}).maxInputTokens).toBe(112_000);
  });

  it("takes maxInputTokens from the object form first, then LOUPE_MODEL_MAX_INPUT_TOKENS", () => {
    const env = { LOUPE_MODEL_MAX_INPUT_TOKENS: "16,000" };
    expect(resolveInputBudget("openai/gpt-4o", env)).toEqual({
      maxInputTokens: 16_000,
      tokenizer: "o200k_base",
      source: "environment",
    });
    expect(resolveInputBudget({ modelName: "openai/gpt-4o", maxInputTokens: 8_000 }, env)).toMatchObject({
      maxInputTokens: 8_000,
      source: "configuration",
    });
  });

  it("refuses a budget that is not a whole number of at least 1,024 tokens, naming where it came from", () => {
    expect(() => resolveInputBudget({ modelName: "openai/x", maxInputTokens: 100 }, {})).toThrow(
      /maxInputTokens of model "openai\/x" must be a whole number of tokens of at least 1,024.*got 100/,
    );
    expect(() => resolveInputBudget("openai/x", { LOUPE_MODEL_MAX_INPUT_TOKENS: "16k" })).toThrow(
      /LOUPE_MODEL_MAX_INPUT_TOKENS \("16k"\) must be a whole number/,
    );
  });
});

describe("token counting", () => {
  it("counts o200k exactly and estimates above it for other models", async () => {
    const o200k = await loadTokenCounter("o200k_base");
    const estimate = await loadTokenCounter("estimate");
    const line = " [0-131] link: Polished Bamboo Planter NX-0002";
    expect(o200k.count(line)).toBeGreaterThan(10);
    expect(estimate.count(line)).toBeGreaterThan(o200k.count(line));
    expect(o200k.count("<|endoftext|>")).toBeGreaterThan(1);
  });
});
