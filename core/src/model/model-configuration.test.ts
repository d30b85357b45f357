import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { describeModel, isLanguageModelInstance, splitModelName } from "./model-configuration.js";

describe("splitModelName", () => {
  it("splits at the first slash and lower-cases only the provider", () => {
    expect(splitModelName(" OpenAI/GPT-4o ")).toEqual({ provider: "openai", modelId: "GPT-4o" });
    expect(splitModelName("togetherai/meta-llama/Llama-3")).toEqual({
      provider: "togetherai",
      modelId: "meta-llama/Llama-3",
    });
  });

  it("returns undefined when either side is empty", () => {
    expect(splitModelName("gpt-4o")).toBeUndefined();
    expect(splitModelName("/gpt-4o")).toBeUndefined();
    expect(splitModelName("openai/")).toBeUndefined();
  });
});

describe("isLanguageModelInstance", () => {
  it("recognises an AI SDK model and not the object form", () => {
    expect(isLanguageModelInstance(new MockLanguageModelV3())).toBe(true);
    expect(isLanguageModelInstance({ modelName: "openai/x" })).toBe(false);
    expect(isLanguageModelInstance({ specificationVersion: "v3" })).toBe(false);
    expect(isLanguageModelInstance("openai/x")).toBe(false);
  });
});

describe("describeModel", () => {
  it("labels each form as provider/model, without keys", () => {
    expect(describeModel("openai/gpt-4.1-mini")).toBe("openai/gpt-4.1-mini");
    expect(describeModel({ modelName: "anthropic/claude-sonnet-4-5", apiKey: "sk-secret" })).toBe(
      "anthropic/claude-sonnet-4-5",
    );
    expect(describeModel(new MockLanguageModelV3({ provider: "openai.responses", modelId: "gpt-4.1" }))).toBe(
      "openai/gpt-4.1",
    );
  });
});
