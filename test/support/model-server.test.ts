import { createOpenAI } from "@ai-sdk/openai";
import { streamText } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "./model-server.js";

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

function post(path: string, body: unknown, headers: Record<string, string> = { authorization: "Bearer k" }) {
  return fetch(`${server.baseURL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

describe("startModelServer", () => {
  it("fails loudly with a 500 when no scripted reply is left", async () => {
    const response = await post("/chat/completions", {
      model: "m",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(
      /^model server: no scripted reply left for POST \/v1\/chat\/completions \(request #1, model "m"\)/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it("answers 401 in OpenAI's format without a bearer key, keeping the reply queued", async () => {
    server.enqueue({ text: "unused" });
    const response = await post("/responses", { model: "m", input: "hi" }, {});
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { code: "invalid_api_key", type: "invalid_request_error" },
    });
    expect(server.pendingReplies).toBe(1);
  });

  it("answers 404 for other paths", async () => {
    expect((await post("/embeddings", {})).status).toBe(404);
  });

  it("lets a function reply read the request", async () => {
    server.enqueue((request) => ({ text: `you said: ${request.text()}` }));
    const response = await post("/chat/completions", {
      model: "m",
      messages: [{ role: "user", content: "hello" }],
    });
    const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]?.message.content).toBe("you said: hello");
  });

  it("reads the prompt of a Responses API request, instructions included", async () => {
    server.enqueue({ text: "ok" });
    await post("/responses", {
      model: "m",
      instructions: "Be brief.",
      input: [
        {
          role: "user",
          content: [
            { type: "input_text", text: "Hi" },
            { type: "input_image", image_url: "data:," },
          ],
        },
      ],
    });
    const [request] = server.requests;
    expect(request?.messages()).toEqual([
      { role: "system", text: "Be brief.", images: 0 },
      { role: "user", text: "Hi", images: 1 },
    ]);
    expect(request?.hasImage()).toBe(true);
  });

  it("waits delayMs before answering", async () => {
    server.enqueue({ text: "late", delayMs: 150 });
    const started = Date.now();
    await post("/chat/completions", { model: "m", messages: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it.each(["chat", "responses"] as const)(
    "streams %s answers that the AI SDK parses, with usage",
    async (api) => {
      server.enqueue({ text: "Streamed answer, in pieces.", usage: { input: 21, output: 4 } });
      const provider = createOpenAI({ baseURL: server.baseURL, apiKey: "k" });
      const result = streamText({
        model: api === "chat" ? provider.chat("m") : provider.responses("m"),
        prompt: "Go",
      });
      expect(await result.text).toBe("Streamed answer, in pieces.");
      expect(await result.usage).toMatchObject({ inputTokens: 21, outputTokens: 4, totalTokens: 25 });
      expect(server.requests[0]?.body["stream"]).toBe(true);
    },
  );
});
