import type { ModelCallTranscript } from "@loupe/core/engine";
import { describe, expect, it } from "vitest";
import { modelTranscriptSchema } from "../common/api/model-transcript-schema.js";
import { keepTranscript } from "./kept-transcript.js";

function call(text: string, response: string): ModelCallTranscript {
  return {
    kind: "json",
    repair: false,
    system: "sys",
    messages: [
      {
        role: "user",
        parts: [
          { type: "text", text },
          { type: "image", mediaType: "image/png", bytes: 1234 },
        ],
      },
    ],
    schema: { type: "object" },
    response,
    usage: { inputTokens: 10, outputTokens: 2, totalTokens: 12 },
    ms: 5,
  };
}

describe("a run's kept transcript", () => {
  it("keeps short calls whole, in the Studio API's shape", () => {
    const kept = keepTranscript([call("the page", "{}")]);
    expect(modelTranscriptSchema.parse(kept)).toEqual(kept);
    expect(kept.calls[0]).toEqual({
      kind: "json",
      repair: false,
      system: { text: "sys" },
      messages: [
        {
          role: "user",
          parts: [
            { type: "text", text: "the page" },
            { type: "image", mediaType: "image/png", bytes: 1234 },
          ],
        },
      ],
      response: { text: "{}" },
      schema: { text: '{\n  "type": "object"\n}' },
      usage: { inputTokens: 10, outputTokens: 2 },
      ms: 5,
    });
  });

  it("clips a long block and the run as a whole, counting what it cut, the answers first", () => {
    const bounds = { calls: 2, blockChars: 100, runChars: 250 };
    const kept = keepTranscript(
      [call("a".repeat(150), "b".repeat(40)), call("c".repeat(90), "d"), call("e", "f")],
      bounds,
    );
    const [first, second] = kept.calls;
    expect(first?.response).toEqual({ text: "b".repeat(40) });
    expect(first?.messages[0]?.parts[0]).toEqual({ type: "text", text: "a".repeat(100), clippedChars: 50 });
    // 250 - (40 + 3 + 100 + 22 for the first call's schema) leaves 85 characters for the second call.
    expect(second?.response).toEqual({ text: "d" });
    expect(second?.messages[0]?.parts[0]).toEqual({ type: "text", text: "c".repeat(81), clippedChars: 9 });
    expect(kept.droppedCalls).toBe(1);
  });
});
