import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import {
  ClientError,
  InvalidAISDKModelFormatError,
  MissingLLMConfigurationError,
  UnsupportedModelError,
} from "../errors.js";
import { checkModelConfiguration, resolveLanguageModel } from "./resolve-model.js";

/** A key for every provider that needs one, so resolution never looks at the real environment. */
const ALL_KEYS = {
  OPENAI_API_KEY: "sk-openai",
  ANTHROPIC_API_KEY: "sk-anthropic",
  GOOGLE_GENERATIVE_AI_API_KEY: "google-key",
  MISTRAL_API_KEY: "mistral-key",
  GROQ_API_KEY: "groq-key",
  XAI_API_KEY: "xai-key",
  DEEPSEEK_API_KEY: "deepseek-key",
  CEREBRAS_API_KEY: "cerebras-key",
  TOGETHER_API_KEY: "together-key",
};

describe("resolveLanguageModel", () => {
  it.each([
    ["openai", "openai.responses"],
    ["anthropic", "anthropic.messages"],
    ["google", "google.generative-ai"],
    ["mistral", "mistral.chat"],
    ["groq", "groq.chat"],
    ["xai", "xai.chat"],
    ["deepseek", "deepseek.chat"],
    ["cerebras", "cerebras.chat"],
    ["togetherai", "togetherai.chat"],
    ["ollama", "ollama.chat"],
  ])("resolves %s/… to the %s model", (provider, providerId) => {
    const model = resolveLanguageModel(`${provider}/some-model-1`, ALL_KEYS);
    expect(model.provider).toBe(providerId);
    expect(model.modelId).toBe("some-model-1");
    expect(model.specificationVersion).toBe("v3");
  });

  it("keeps slashes and colons after the first slash in the model id", () => {
    expect(resolveLanguageModel("togetherai/meta-llama/Llama-3.3-70B", ALL_KEYS).modelId).toBe(
      "meta-llama/Llama-3.3-70B",
    );
    expect(resolveLanguageModel("ollama/llama3.2:3b", {}).modelId).toBe("llama3.2:3b");
  });

  it("accepts the provider in any case", () => {
    expect(resolveLanguageModel("OpenAI/gpt-4.1-mini", ALL_KEYS).provider).toBe("openai.responses");
  });

  it("resolves the object form with its own key and no environment", () => {
    const model = resolveLanguageModel({ modelName: "anthropic/claude-sonnet-4-5", apiKey: "sk-own" }, {});
    expect(model.provider).toBe("anthropic.messages");
    expect(model.modelId).toBe("claude-sonnet-4-5");
  });

  it("uses chat completions for openai with a baseURL, the Responses API without, and an explicit api wins", () => {
    const baseURL = "http://127.0.0.1:1234/v1";
    expect(resolveLanguageModel({ modelName: "openai/x", baseURL, apiKey: "k" }, {}).provider).toBe(
      "openai.chat",
    );
    expect(resolveLanguageModel({ modelName: "openai/x", apiKey: "k" }, {}).provider).toBe(
      "openai.responses",
    );
    expect(
      resolveLanguageModel({ modelName: "openai/x", baseURL, apiKey: "k", api: "responses" }, {}).provider,
    ).toBe("openai.responses");
    expect(resolveLanguageModel({ modelName: "openai/x", apiKey: "k", api: "chat" }, {}).provider).toBe(
      "openai.chat",
    );
  });

  it("treats OPENAI_BASE_URL from the given environment like a baseURL", () => {
    const env = { OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:1234/v1" };
    expect(resolveLanguageModel("openai/x", env).provider).toBe("openai.chat");
  });

  it("passes an AI SDK model instance through untouched", () => {
    const instance = new MockLanguageModelV3();
    expect(resolveLanguageModel(instance, {})).toBe(instance);
  });

  it("reads the key only from the environment it is given, never from process.env", () => {
    const previous = process.env["OPENAI_API_KEY"];
    process.env["OPENAI_API_KEY"] = "sk-from-process";
    try {
      expect(() => resolveLanguageModel("openai/gpt-4.1-mini", {})).toThrow(MissingLLMConfigurationError);
    } finally {
      if (previous === undefined) delete process.env["OPENAI_API_KEY"];
      else process.env["OPENAI_API_KEY"] = previous;
    }
  });

  it("throws MissingLLMConfigurationError naming the variable to set", () => {
    expect(() => resolveLanguageModel("anthropic/claude-sonnet-4-5", {})).toThrow(
      MissingLLMConfigurationError,
    );
    expect(() => resolveLanguageModel("anthropic/claude-sonnet-4-5", {})).toThrow(
      'No API key for anthropic (model "anthropic/claude-sonnet-4-5"): set the ANTHROPIC_API_KEY environment variable, ' +
        'or pass { modelName: "anthropic/claude-sonnet-4-5", apiKey: "…" }.',
    );
  });

  it("treats an empty or blank environment variable as missing", () => {
    expect(() => resolveLanguageModel("groq/llama", { GROQ_API_KEY: "  " })).toThrow(/GROQ_API_KEY/);
  });

  it("does not let a baseURL alone excuse a missing key, but accepts any explicit apiKey", () => {
    const baseURL = "http://127.0.0.1:1234/v1";
    expect(() => resolveLanguageModel({ modelName: "openai/local", baseURL }, {})).toThrow(
      /set the OPENAI_API_KEY environment variable.*A baseURL does not replace the key; if the server at http:\/\/127\.0\.0\.1:1234\/v1 needs none, pass any apiKey/,
    );
    expect(resolveLanguageModel({ modelName: "openai/local", baseURL, apiKey: "" }, {}).provider).toBe(
      "openai.chat",
    );
  });

  it("needs no key for ollama", () => {
    expect(resolveLanguageModel("ollama/llama3.2", {}).provider).toBe("ollama.chat");
  });

  it("accepts togetherai's deprecated TOGETHER_AI_API_KEY as well", () => {
    expect(resolveLanguageModel("togetherai/m", { TOGETHER_AI_API_KEY: "k" }).provider).toBe(
      "togetherai.chat",
    );
    expect(() => resolveLanguageModel("togetherai/m", {})).toThrow(/TOGETHER_API_KEY or TOGETHER_AI_API_KEY/);
  });
});

describe("checkModelConfiguration", () => {
  it("accepts every form without needing a key", () => {
    expect(() => checkModelConfiguration("openai/gpt-4.1-mini")).not.toThrow();
    expect(() => checkModelConfiguration({ modelName: "mistral/mistral-large-latest" })).not.toThrow();
    expect(() => checkModelConfiguration(new MockLanguageModelV3())).not.toThrow();
  });

  it("throws InvalidAISDKModelFormatError for a name without a provider, saying the expected form", () => {
    expect(() => checkModelConfiguration("gpt-4o")).toThrow(InvalidAISDKModelFormatError);
    expect(() => checkModelConfiguration("gpt-4o")).toThrow(
      'The model "gpt-4o" is not of the form "provider/model". Put the provider before a slash, for example ' +
        '"openai/gpt-4.1-mini" or "anthropic/claude-sonnet-4-5". Providers: openai, anthropic, google, mistral, ' +
        "groq, xai, deepseek, cerebras, togetherai, ollama.",
    );
    expect(() => checkModelConfiguration("openai/")).toThrow(InvalidAISDKModelFormatError);
    expect(() => checkModelConfiguration({ modelName: "/gpt-4o" })).toThrow(
      /The modelName "\/gpt-4o" is not of the form/,
    );
  });

  it("throws InvalidAISDKModelFormatError for an object without modelName", () => {
    const noName = { apiKey: "k" } as unknown as { modelName: string };
    expect(() => checkModelConfiguration(noName)).toThrow(InvalidAISDKModelFormatError);
    expect(() => checkModelConfiguration(noName)).toThrow(
      /needs modelName: "provider\/model".*got modelName undefined/,
    );
  });

  it("throws UnsupportedModelError for an unknown provider, listing the supported ones", () => {
    expect(() => checkModelConfiguration("perplexity/sonar")).toThrow(UnsupportedModelError);
    expect(() => checkModelConfiguration("perplexity/sonar")).toThrow(
      'The provider "perplexity" in "perplexity/sonar" is not supported. Supported providers: openai, anthropic, ' +
        "google, mistral, groq, xai, deepseek, cerebras, togetherai, ollama.",
    );
  });

  it("does not mistake an inherited property name for a provider", () => {
    expect(() => checkModelConfiguration("constructor/x")).toThrow(UnsupportedModelError);
  });

  it("rejects an unknown openai api option at once", () => {
    expect(() => checkModelConfiguration({ modelName: "openai/x", api: "completions" })).toThrow(ClientError);
    expect(() => checkModelConfiguration({ modelName: "openai/x", api: "completions" })).toThrow(
      /api: "completions" is not supported\. Use api: "responses"/,
    );
  });

  it("rejects a model object made for an AI SDK version that cannot run it", () => {
    const v1 = Object.assign(new MockLanguageModelV3(), { specificationVersion: "v1" });
    expect(() => checkModelConfiguration(v1 as unknown as MockLanguageModelV3)).toThrow(
      UnsupportedModelError,
    );
  });
});
