import { Ajv } from "ajv";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runJsonSchemaTask } from "./json-schema-compile.js";

describe("runJsonSchemaTask (the schema worker's work)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("compiles a schema once by the hash of its JSON, whatever object it came from", () => {
    const compile = vi.spyOn(Ajv.prototype, "compile");
    const json = JSON.stringify({ type: "object", properties: { cacheProbe: { type: "string" } } });
    expect(runJsonSchemaTask({ op: "compile", json })).toEqual({ ok: true, issues: [] });
    expect(runJsonSchemaTask({ op: "validate", json, value: { cacheProbe: "x" } })).toEqual({
      ok: true,
      issues: [],
    });
    expect(runJsonSchemaTask({ op: "validate", json, value: { cacheProbe: 1 } })).toEqual({
      ok: true,
      issues: [{ path: ["cacheProbe"], message: "must be string" }],
    });
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("keeps the most recently used validators and compiles an evicted one again", () => {
    const compile = vi.spyOn(Ajv.prototype, "compile");
    const schema = (i: number) =>
      JSON.stringify({ type: "object", properties: { [`lru${i}`]: { type: "string" } } });
    for (let i = 0; i < 33; i++) runJsonSchemaTask({ op: "compile", json: schema(i) });
    expect(compile).toHaveBeenCalledTimes(33);
    runJsonSchemaTask({ op: "compile", json: schema(32) });
    expect(compile).toHaveBeenCalledTimes(33);
    runJsonSchemaTask({ op: "compile", json: schema(0) });
    expect(compile).toHaveBeenCalledTimes(34);
  });

  it("says what is wrong with a schema ajv refuses, and passes the regex engine's refusals through", () => {
    const invalid = runJsonSchemaTask({ op: "compile", json: JSON.stringify({ type: "strng" }) });
    expect(invalid).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^The schema is not a valid JSON Schema: /),
    });
    const refused = runJsonSchemaTask({
      op: "compile",
      json: JSON.stringify({ pattern: "a{1000}".repeat(11) }),
    });
    expect(refused).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^The pattern "a\{1000\}.*instructions/),
    });
  });

  it("applies patterns with the linear-time engine", () => {
    const json = JSON.stringify({ type: "string", pattern: "^(a+)+$" });
    const result = runJsonSchemaTask({ op: "validate", json, value: "a".repeat(50_000) + "!" });
    expect(result).toEqual({ ok: true, issues: [{ path: [], message: 'must match pattern "^(a+)+$"' }] });
  });
});
