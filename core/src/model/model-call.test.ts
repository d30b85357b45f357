import type { JSONSchema7 } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startModelServer, type ModelServer } from "../../../test/support/model-server.js";
import { LLMResponseError } from "../errors.js";
import { generateJson, generateTextAnswer } from "./model-call.js";
import type { ModelObjectConfiguration } from "./model-configuration.js";
import { resolveLanguageModel } from "./resolve-model.js";

const PRODUCT_SCHEMA: JSONSchema7 = {
  type: "object",
  properties: { title: { type: "string" }, price: { type: "number" } },
  required: ["title", "price"],
  additionalProperties: false,
};

/** A 1×1 transparent PNG. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const ASK: ModelMessage[] = [{ role: "user", content: "Extract the product." }];

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(() => server.close());
afterEach(() => {
  // A reply left over means a call the test expected never happened.
  expect(server.pendingReplies).toBe(0);
  server.reset();
});

const routes: Array<{
  name: string;
  endpoint: "responses" | "chat";
  config: () => ModelObjectConfiguration;
}> = [
  {
    name: "the Responses API",
    endpoint: "responses",
    config: () => ({
      modelName: "openai/gpt-test",
      baseURL: server.baseURL,
      apiKey: "sk-test",
      api: "responses",
    }),
  },
  {
    name: "chat completions",
    endpoint: "chat",
    config: () => ({ modelName: "openai/gpt-test", baseURL: server.baseURL, apiKey: "sk-test" }),
  },
];

describe.each(routes)("model calls through $name", ({ endpoint, config }) => {
  const model = () => resolveLanguageModel(config(), {});

  it("returns the parsed JSON and sends the system prompt, the messages and the schema", async () => {
    server.enqueue({ json: { title: "Red Shoe", price: 12 } });
    const result = await generateJson({
      model: model(),
      system: "You extract data.",
      messages: ASK,
      schema: PRODUCT_SCHEMA,
    });

    expect(result.value).toEqual({ title: "Red Shoe", price: 12 });
    expect(result.text).toBe('{"title":"Red Shoe","price":12}');
    expect(result.ms).toBeGreaterThanOrEqual(0);
    const [request] = server.requests;
    expect(request?.endpoint).toBe(endpoint);
    expect(request?.headers.authorization).toBe("Bearer sk-test");
    expect(request?.messages()).toEqual([
      { role: "system", text: "You extract data.", images: 0 },
      { role: "user", text: "Extract the product.", images: 0 },
    ]);
    expect(request?.text()).toBe("You extract data.\n\nExtract the product.");
    const sentSchema =
      endpoint === "chat"
        ? (request?.body["response_format"] as { json_schema: { schema: unknown } }).json_schema.schema
        : (request?.body["text"] as { format: { schema: unknown } }).format.schema;
    expect(sentSchema).toEqual(PRODUCT_SCHEMA);
  });

  it("reports the usage numbers", async () => {
    server.enqueue({
      json: { title: "a", price: 1 },
      usage: { input: 1234, output: 56, cached: 1000, reasoning: 7 },
    });
    const { usage } = await generateJson({ model: model(), messages: ASK, schema: PRODUCT_SCHEMA });
    expect(usage).toEqual({
      inputTokens: 1234,
      outputTokens: 56,
      totalTokens: 1290,
      reasoningTokens: 7,
      cachedInputTokens: 1000,
    });
  });

  it("rejects a non-JSON answer with LLMResponseError carrying the text", async () => {
    server.enqueue({ text: "Sorry, I cannot find a product on this page." });
    const error = await generateJson({ model: model(), messages: ASK, schema: PRODUCT_SCHEMA }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LLMResponseError);
    expect((error as LLMResponseError).responseText).toBe("Sorry, I cannot find a product on this page.");
    expect((error as LLMResponseError).message).toMatch(
      /did not answer with valid JSON\. Its answer begins: "Sorry, I cannot/,
    );
  });

  it("accepts JSON wrapped in one Markdown code fence", async () => {
    server.enqueue({ text: '```json\n{"title": "Hat", "price": 3}\n```' });
    const result = await generateJson({ model: model(), messages: ASK, schema: PRODUCT_SCHEMA });
    expect(result.value).toEqual({ title: "Hat", price: 3 });
  });

  it("turns a provider's 401 into LLMResponseError with its status and message", async () => {
    server.enqueue({
      status: 401,
      error: { message: "Incorrect API key provided: sk-test.", code: "invalid_api_key" },
    });
    const error = await generateJson({ model: model(), messages: ASK, schema: PRODUCT_SCHEMA }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LLMResponseError);
    expect((error as Error).message).toMatch(
      /answered HTTP 401 .*: Incorrect API key provided: sk-test\. Check the API key/,
    );
  });

  it("turns a 500 into LLMResponseError and does not retry", async () => {
    server.enqueue({ status: 500, error: { message: "The server had an error.", type: "server_error" } });
    const error = await generateTextAnswer({ model: model(), messages: ASK }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LLMResponseError);
    expect((error as Error).message).toMatch(
      /answered HTTP 500 .*: The server had an error\. The provider failed on its side/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it("aborts a hanging request when the signal fires, rejecting with the signal's reason", async () => {
    server.enqueue({ hang: true });
    const started = Date.now();
    const signal = AbortSignal.timeout(300);
    const error = await generateJson({ model: model(), messages: ASK, schema: PRODUCT_SCHEMA, signal }).catch(
      (e: unknown) => e,
    );

    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toBe(signal.reason);
    expect((error as Error).name).toBe("TimeoutError");
    await vi.waitFor(() => expect(server.requests[0]?.aborted).toBe(true));
  });

  it("passes a custom abort reason through unchanged", async () => {
    server.enqueue({ hang: true });
    const controller = new AbortController();
    const reason = new Error("the caller's timeout");
    setTimeout(() => controller.abort(reason), 100);
    await expect(
      generateTextAnswer({ model: model(), messages: ASK, signal: controller.signal }),
    ).rejects.toBe(reason);
    await vi.waitFor(() => expect(server.requests[0]?.aborted).toBe(true));
  });

  it("sends an image part to the server", async () => {
    server.enqueue({ text: "A transparent pixel." });
    const messages: ModelMessage[] = [
      {
        role: "user",
        content: [
          { type: "text", text: "What is in this screenshot?" },
          { type: "image", image: PIXEL_PNG, mediaType: "image/png" },
        ],
      },
    ];
    const result = await generateTextAnswer({ model: model(), messages });
    expect(result.text).toBe("A transparent pixel.");
    expect(server.requests[0]?.hasImage()).toBe(true);
    expect(server.requests[0]?.text()).toBe("What is in this screenshot?");
  });

  it("returns a free-text answer with usage", async () => {
    server.enqueue({ text: "The page is about shoes.", usage: { input: 40, output: 6 } });
    const result = await generateTextAnswer({ model: model(), system: "Answer briefly.", messages: ASK });
    expect(result.text).toBe("The page is about shoes.");
    expect(result.usage).toMatchObject({ inputTokens: 40, outputTokens: 6, totalTokens: 46 });
  });
});

describe("model calls through other routes", () => {
  it("reaches ollama at OLLAMA_BASE_URL given without /v1, with structured output", async () => {
    server.enqueue({ json: { title: "Lamp", price: 20 } });
    const origin = server.baseURL.replace(/\/v1$/, "");
    const model = resolveLanguageModel(
      { modelName: "ollama/llama3.2", apiKey: "ollama" },
      { OLLAMA_BASE_URL: origin },
    );
    const result = await generateJson({ model, messages: ASK, schema: PRODUCT_SCHEMA });
    expect(result.value).toEqual({ title: "Lamp", price: 20 });
    expect(server.requests[0]?.endpoint).toBe("chat");
    expect(server.requests[0]?.body["response_format"]).toMatchObject({ type: "json_schema" });
  });

  it("shows a missing key as the server's 401 when ollama is given none", async () => {
    const model = resolveLanguageModel("ollama/llama3.2", { OLLAMA_BASE_URL: server.baseURL });
    const error = await generateTextAnswer({ model, messages: ASK }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LLMResponseError);
    expect((error as Error).message).toMatch(/HTTP 401 .*You didn't provide an API key/);
  });

  it("sends the key from the given environment", async () => {
    server.enqueue({ text: "ok" });
    const model = resolveLanguageModel("openai/gpt-test", {
      OPENAI_API_KEY: "sk-env",
      OPENAI_BASE_URL: server.baseURL,
    });
    await generateTextAnswer({ model, messages: ASK });
    expect(server.requests[0]?.headers.authorization).toBe("Bearer sk-env");
  });

  it("reports an unreachable server as LLMResponseError", async () => {
    const model = resolveLanguageModel(
      { modelName: "openai/x", baseURL: "http://127.0.0.1:1/v1", apiKey: "k" },
      {},
    );
    const error = await generateTextAnswer({ model, messages: ASK }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LLMResponseError);
    expect((error as Error).message).toMatch(
      /^Could not reach the model provider at http:\/\/127\.0\.0\.1:1\/v1\/chat\/completions/,
    );
  });

  it("keeps AI SDK warnings off the console", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      server.enqueue({ json: { title: "a", price: 1 } });
      // Without structured outputs the SDK warns that the schema is dropped (and sends json_object).
      const model = resolveLanguageModel(
        { modelName: "ollama/m", apiKey: "k", baseURL: server.baseURL, supportsStructuredOutputs: false },
        {},
      );
      await generateJson({ model, messages: ASK, schema: PRODUCT_SCHEMA });
      expect(server.requests[0]?.body["response_format"]).toEqual({ type: "json_object" });
      expect(warn).not.toHaveBeenCalled();
      expect(info).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });
});
