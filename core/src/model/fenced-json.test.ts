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

  it("reads blank lines and spaces around the fence and the JSON, and a fence closed on the JSON's line", () => {
    expect(parseFencedJson('\n\n```json  \n\n  {"a": 1}  \n\n  ```  \n')).toEqual({ value: { a: 1 } });
    expect(parseFencedJson('```json\n{"a": 1}```')).toEqual({ value: { a: 1 } });
  });

  // A model's answer is hostile input. Under the earlier pattern this 3 KB answer took 12 s (blank lines
  // either side of an optional newline); the lint rules regexp/no-super-linear-* keep patterns linear,
  // and this reads the answers such patterns choke on.
  it("reads answers built to make a pattern backtrack", () => {
    const hostile = "```\n" + "\n".repeat(1651) + "A" + "\n".repeat(1651);
    expect(parseFencedJson(hostile)).toBeUndefined();
    expect(parseFencedJson("```json\n" + " \n".repeat(50_000) + "[1]\n```")).toEqual({ value: [1] });
  });
});
