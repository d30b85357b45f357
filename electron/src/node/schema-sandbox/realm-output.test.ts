import { describe, expect, it } from "vitest";
import { evaluationOf, MAX_OUTPUT_CHARS, MAX_OUTPUT_DEPTH } from "./realm-output.js";

// What a realm answers is whatever the user's code made it answer: these are the answers it could forge.
const limits = { timeoutMs: 1000, memoryMb: 32 };
const source = "const a = 1;\nconst schema = z.object(undefinedThing);\n";
const described = (text: string | undefined) => evaluationOf({ kind: "described", text }, limits, source);
const thrown = (value: unknown) =>
  evaluationOf({ kind: "thrown", text: JSON.stringify(value) }, limits, source);

describe("evaluationOf", () => {
  it("takes a JSON Schema that is an object of JSON", () => {
    expect(described(JSON.stringify({ ok: true, jsonSchema: { type: "string" } }))).toEqual({
      ok: true,
      jsonSchema: { type: "string" },
    });
  });

  it.each([
    ["no answer", undefined],
    ["text that is not JSON", "{ok: true"],
    ["JSON of another shape", JSON.stringify({ ok: "yes", jsonSchema: {} })],
    ["a schema that is not an object", JSON.stringify({ ok: true, jsonSchema: [1, 2] })],
  ])("refuses %s", (_name, text) => {
    expect(described(text)).toMatchObject({
      ok: false,
      issues: [{ message: expect.stringMatching(/not a schema/) }],
    });
  });

  it("refuses a key that would set a prototype, and leaves the host's alone", () => {
    const text = `{"ok":true,"jsonSchema":{"type":"object","properties":{"__proto__":{"polluted":true}}}}`;
    expect(described(text)).toMatchObject({
      ok: false,
      issues: [{ message: expect.stringMatching(/__proto__/) }],
    });
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("refuses an answer too large or too deep, saying which", () => {
    const large = JSON.stringify({ ok: true, jsonSchema: { description: "x".repeat(MAX_OUTPUT_CHARS) } });
    expect(described(large)).toMatchObject({
      ok: false,
      issues: [{ message: expect.stringMatching(/longer than/) }],
    });
    let deep: unknown = {};
    for (let i = 0; i < MAX_OUTPUT_DEPTH; i++) deep = { a: deep };
    expect(described(JSON.stringify({ ok: true, jsonSchema: deep }))).toMatchObject({
      ok: false,
      issues: [{ message: expect.stringMatching(/nests deeper/) }],
    });
  });

  it("shows the realm's own refusal, clipped", () => {
    const result = described(JSON.stringify({ ok: false, message: "m".repeat(5000) }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.message.length).toBeLessThan(1100);
  });

  it("places a thrown error at the first frame in the user's file", () => {
    expect(
      thrown({
        message: "ReferenceError: x",
        stack: "    at f (zod-sandbox.js:1:9)\n    at <eval> (schema.ts:2:25)\n",
      }),
    ).toEqual({
      ok: false,
      issues: [{ message: "ReferenceError: x", line: 2, column: 25 }],
    });
  });

  it.each([
    ["a line past the end", "schema.ts:99:1"],
    ["a column past the line", "schema.ts:1:500"],
    ["a zero line", "schema.ts:0:1"],
  ])("drops a position at %s", (_name, stack) => {
    expect(thrown({ message: "boom", stack })).toEqual({ ok: false, issues: [{ message: "boom" }] });
  });

  it("says a thrown value of another shape cannot be shown", () => {
    expect(thrown({ message: 42 })).toMatchObject({
      ok: false,
      issues: [{ message: expect.stringMatching(/cannot be shown/) }],
    });
  });

  it("names the limit that ended a run", () => {
    expect(evaluationOf({ kind: "limit", limit: "time" }, limits, source)).toMatchObject({
      issues: [{ message: expect.stringMatching(/1000 ms time limit/) }],
    });
    expect(evaluationOf({ kind: "limit", limit: "memory" }, limits, source)).toMatchObject({
      issues: [{ message: expect.stringMatching(/32 MB of memory/) }],
    });
  });
});
