import { describe, expect, it } from "vitest";
import { textAnswerOf } from "./text-answer.js";

describe("a result that is only text", () => {
  it("reads a free-text answer and the page text as text", () => {
    expect(textAnswerOf({ extraction: 'She said "hi"\nthen left' })).toEqual({
      kind: "answer",
      text: 'She said "hi"\nthen left',
    });
    expect(textAnswerOf({ pageText: "[0-1] heading: Shop" })).toEqual({
      kind: "page text",
      text: "[0-1] heading: Shop",
    });
  });

  it("leaves data to the JSON tree", () => {
    for (const result of [
      { extraction: "x", more: 1 },
      { extraction: 3 },
      { title: "x" },
      ["x"],
      "x",
      null,
      undefined,
    ])
      expect(textAnswerOf(result), JSON.stringify(result)).toBeUndefined();
  });
});
