import { describe, expect, it } from "vitest";
import { parseFencedJson } from "./fenced-json.js";

describe("parseFencedJson", () => {
  it("reads JSON inside one code fence, with or without a language tag", () => {
    expect(parseFencedJson('```json\n{"a": 1}\n```')).toEqual({ value: { a: 1 } });
    expect(parseFencedJson("  ```\n[1, 2]\n```\n")).toEqual({ value: [1, 2] });
  });

  it("refuses prose around the fence, a fence without JSON, and plain text", () => {
    expect(parseFencedJson('Here it is:\n```json\n{"a": 1}\n```')).toBeUndefined();
    expect(parseFencedJson("```json\nnot json\n```")).toBeUndefined();
    expect(parseFencedJson("no fence")).toBeUndefined();
  });
});
