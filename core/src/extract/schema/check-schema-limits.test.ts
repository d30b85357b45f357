import { describe, expect, it } from "vitest";
import { schemaLimitProblem } from "./check-schema-limits.js";
import { SCHEMA_LIMITS } from "./schema-limits.js";

/** An object schema with `n` string properties. */
function withProperties(n: number): Record<string, unknown> {
  return {
    type: "object",
    properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`field${i}`, { type: "string" }])),
  };
}

describe("schemaLimitProblem", () => {
  it("accepts an ordinary schema, recursion through properties included", () => {
    expect(schemaLimitProblem(withProperties(20))).toBeUndefined();
    const tree = {
      $ref: "#/$defs/node",
      $defs: {
        node: {
          type: "object",
          properties: {
            name: { type: "string" },
            children: { type: "array", items: { $ref: "#/$defs/node" } },
          },
        },
      },
    };
    expect(schemaLimitProblem(tree)).toBeUndefined();
    expect(schemaLimitProblem(withProperties(SCHEMA_LIMITS.properties))).toBeUndefined();
  });

  it("names the property count and the limit", () => {
    expect(schemaLimitProblem(withProperties(4_000))).toMatch(
      /^The schema has 4,000 properties; the limit is 1,000\. Split the extraction/,
    );
  });

  it("counts properties everywhere, in $defs and patternProperties too", () => {
    const schema = {
      ...withProperties(600),
      $defs: { other: withProperties(300) },
      patternProperties: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`^x${i}$`, {}])),
    };
    expect(schemaLimitProblem(schema)).toMatch(/has 1,001 properties/);
  });

  it("names the byte size", () => {
    const schema = { type: "string", description: "x".repeat(300_000) };
    expect(schemaLimitProblem(schema)).toMatch(
      /^The schema is 300,\d{3} bytes of JSON; the limit is 262,144\./,
    );
  });

  it("refuses nesting deeper than the limit, and an object that contains itself", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 40; i++) deep = { type: "object", properties: { a: deep } };
    expect(schemaLimitProblem(deep)).toMatch(
      /nests more than 64 levels of objects and arrays; the limit is 64/,
    );
    const cyclic: Record<string, unknown> = { type: "object", properties: {} };
    (cyclic["properties"] as Record<string, unknown>)["self"] = cyclic;
    expect(schemaLimitProblem(cyclic)).toMatch(/contains itself/);
  });

  it("refuses enums past the limit, and a union with too many members", () => {
    const enums = { type: "string", enum: Array.from({ length: 2_500 }, (_, i) => `v${i}`) };
    expect(schemaLimitProblem(enums)).toMatch(/enums and consts have 2,500 values; the limit is 2,000/);
    const union = { anyOf: Array.from({ length: 150 }, (_, i) => ({ const: i })) };
    expect(schemaLimitProblem(union)).toMatch(
      /^The anyOf at the top of the schema has 150 members; the limit is 100/,
    );
  });

  it("refuses $refs that branch at every level (a few hundred bytes that expand to millions)", () => {
    const $defs: Record<string, unknown> = { d30: { type: "string" } };
    for (let i = 0; i < 30; i++)
      $defs[`d${i}`] = {
        type: "object",
        properties: { left: { $ref: `#/$defs/d${i + 1}` }, right: { $ref: `#/$defs/d${i + 1}` } },
      };
    const schema = { $ref: "#/$defs/d0", $defs };
    expect(JSON.stringify(schema).length).toBeLessThan(4_000);
    expect(schemaLimitProblem(schema)).toMatch(
      /reaches more than 10,000 subschemas when its \$refs are followed; the limit is 10,000/,
    );
  });

  it("refuses a long chain of references", () => {
    const $defs: Record<string, unknown> = { d200: { type: "string" } };
    for (let i = 0; i < 200; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    expect(schemaLimitProblem({ $ref: "#/$defs/d0", $defs })).toMatch(
      /more than 128 deep when its \$refs are followed/,
    );
  });

  it("refuses a $ref loop that never goes into the value (validation would never end)", () => {
    const schema = {
      $ref: "#/$defs/a",
      $defs: { a: { anyOf: [{ type: "string" }, { $ref: "#/$defs/a" }] } },
    };
    expect(schemaLimitProblem(schema)).toMatch(
      /comes back to where it started without going into a property/,
    );
  });

  it("refuses $dynamicRef and $recursiveRef", () => {
    expect(schemaLimitProblem({ $dynamicRef: "#meta" })).toMatch(
      /uses \$dynamicRef at the top of the schema/,
    );
  });

  it("refuses regular expressions the linear-time engine cannot run, saying where they are", () => {
    expect(schemaLimitProblem({ properties: { a: { type: "string", pattern: "^(a)\\1$" } } })).toMatch(
      /^The pattern at \/properties\/a\/pattern \("\^\(a\)\\\\1\$"\) uses a backreference \(\\1\)/,
    );
    expect(schemaLimitProblem({ patternProperties: { "^(?=x)": {} } })).toMatch(
      /the patternProperties key at the top of the schema .* uses a lookahead/i,
    );
    expect(schemaLimitProblem({ pattern: "x".repeat(1_001) })).toMatch(
      /is 1,001 characters long; the limit is 1,000/,
    );
    expect(schemaLimitProblem({ pattern: "(" })).toMatch(/is not a valid regular expression/);
  });

  it("refuses what is not JSON", () => {
    expect(schemaLimitProblem({ type: "integer", maximum: 10n })).toMatch(/^The schema is not JSON/);
  });
});
