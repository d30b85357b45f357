import type { LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { LLMResponseError, SchemaValidationError } from "../errors.js";
import { extractIntoSchema } from "../extract/schema-extraction.js";
import { normalizeSchema } from "../extract/schema/index.js";
import { generateTextAnswer } from "./model-call.js";
import { ModelTranscript } from "./model-transcript.js";

/** A model that answers each call with the next text of `answers`, 10 tokens in and 3 out. */
function scriptedModel(answers: string[]) {
  let call = 0;
  return new MockLanguageModelV3({
    doGenerate: async (): Promise<LanguageModelV3GenerateResult> => ({
      content: [{ type: "text", text: answers[call++] ?? "" }],
      finishReason: { unified: "stop", raw: undefined },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 3, text: 3, reasoning: undefined },
      },
      warnings: [],
    }),
  });
}

const NO_LINKS = { linkUrl: () => undefined, isLinkUrl: () => false };
const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 0]);

async function extractTitle(answers: string[], transcript: ModelTranscript) {
  const messages: ModelMessage[] = [
    {
      role: "user",
      content: [
        { type: "text", text: 'the title\n\nPage snapshot:\n[1] heading "Dune"' },
        { type: "image", image: PNG, mediaType: "image/png" },
      ],
    },
  ];
  return extractIntoSchema({
    schema: await normalizeSchema({
      type: "object",
      properties: { title: { type: "string" } },
      required: ["title"],
    }),
    links: NO_LINKS,
    model: scriptedModel(answers),
    system: "You extract data.",
    messages,
    record: transcript.record,
  });
}

describe("the transcript of model calls", () => {
  it("keeps the first call and the repair turn, each as it was sent and answered", async () => {
    const transcript = new ModelTranscript();
    await expect(extractTitle(['{"title":7}', '{"title":"Dune"}'], transcript)).resolves.toEqual({
      title: "Dune",
    });
    const [first, repair] = transcript.calls();
    expect(transcript.calls()).toHaveLength(2);
    expect(first).toMatchObject({
      kind: "json",
      repair: false,
      system: "You extract data.",
      response: '{"title":7}',
      usage: { inputTokens: 10, outputTokens: 3 },
      schema: expect.objectContaining({ type: "object" }),
    });
    // The image is described, not kept; the text part is the snapshot exactly as sent.
    expect(first?.messages).toEqual([
      {
        role: "user",
        parts: [
          { type: "text", text: 'the title\n\nPage snapshot:\n[1] heading "Dune"' },
          { type: "image", mediaType: "image/png", bytes: PNG.byteLength },
        ],
      },
    ]);
    expect(repair).toMatchObject({ kind: "json", repair: true, response: '{"title":"Dune"}' });
    // The repair turn carries the first answer and the issues after the request.
    expect(repair?.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(repair?.messages[1]?.parts).toEqual([{ type: "text", text: '{"title":7}' }]);
    expect(JSON.stringify(repair?.messages[2])).toContain("title");
  });

  it("keeps every call of a run that failed: both answers that missed the schema", async () => {
    const transcript = new ModelTranscript();
    await expect(extractTitle(['{"title":7}', '{"title":8}'], transcript)).rejects.toBeInstanceOf(
      SchemaValidationError,
    );
    expect(transcript.calls().map((call) => [call.repair, call.response])).toEqual([
      [false, '{"title":7}'],
      [true, '{"title":8}'],
    ]);
  });

  it("keeps a call the model answered with something other than JSON, with its text and the error", async () => {
    const transcript = new ModelTranscript();
    await expect(extractTitle(["I cannot help with that."], transcript)).rejects.toBeInstanceOf(
      LLMResponseError,
    );
    const [call] = transcript.calls();
    expect(transcript.calls()).toHaveLength(1);
    expect(call).toMatchObject({ kind: "json", repair: false, response: "I cannot help with that." });
    expect(call?.error).toEqual(expect.any(String));
    expect(call?.usage).toBeUndefined();
  });

  it("keeps a free-text call as a text call without a schema", async () => {
    const transcript = new ModelTranscript();
    await generateTextAnswer({
      model: scriptedModel(["Dune, by Frank Herbert"]),
      system: "Answer.",
      messages: [{ role: "user", content: "the book" }],
      record: transcript.record,
    });
    expect(transcript.calls()).toEqual([
      expect.objectContaining({
        kind: "text",
        system: "Answer.",
        messages: [{ role: "user", parts: [{ type: "text", text: "the book" }] }],
        response: "Dune, by Frank Herbert",
      }),
    ]);
    expect(transcript.calls()[0]).not.toHaveProperty("schema");
  });
});
