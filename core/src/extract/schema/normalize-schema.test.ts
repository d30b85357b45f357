import { Ajv } from "ajv";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod";
import * as zm from "zod/mini";
import * as z3 from "zod/v3";
import { ClientError } from "../../errors.js";
import type { JSONSchema } from "./json-schema.js";
import { normalizeSchema } from "./normalize-schema.js";

/** A hand-made Standard Schema with Standard JSON Schema: `{ name: string, url: string (uri) }`. */
function handMadeStandardSchema(options: { withJsonSchema: boolean }) {
  const jsonSchema = {
    input: ({ target }: { target: string }) => ({
      $schema: target === "draft-07" ? "http://json-schema.org/draft-07/schema#" : undefined,
      type: "object",
      properties: { name: { type: "string" }, url: { type: "string", format: "uri" } },
      required: ["name", "url"],
    }),
    output: () => ({}),
  };
  return {
    "~standard": {
      version: 1 as const,
      vendor: "hand-made",
      validate(value: unknown) {
        const v = value as { name?: unknown; url?: unknown } | null;
        const issues: { message: string; path: (string | { key: string })[] }[] = [];
        if (typeof v?.name !== "string") issues.push({ message: "name must be a string", path: ["name"] });
        if (typeof v?.url !== "string")
          issues.push({ message: "url must be a string", path: [{ key: "url" }] });
        return issues.length > 0
          ? { issues }
          : Promise.resolve({ value: { name: (v as { name: string }).name.toUpperCase(), url: v?.url } });
      },
      ...(options.withJsonSchema ? { jsonSchema } : {}),
    },
  };
}

describe("normalizeSchema", () => {
  describe("zod 3", () => {
    const schema = z3.object({
      title: z3.string(),
      products: z3.array(
        z3.object({ name: z3.string(), url: z3.string().url(), image: z3.string().url().optional() }),
      ),
    });

    it("is recognised and converted to draft-07 JSON Schema with format uri", async () => {
      const normalized = await normalizeSchema(schema);
      expect(normalized.kind).toBe("zod3");
      const products = (normalized.jsonSchema.properties as Record<string, JSONSchema>).products;
      expect(products).toMatchObject({
        type: "array",
        items: {
          type: "object",
          properties: { url: { type: "string", format: "uri" }, image: { type: "string", format: "uri" } },
          required: ["name", "url"],
        },
      });
    });

    it("reports issues with key and index paths", async () => {
      const result = await (
        await normalizeSchema(schema)
      ).validate({
        title: 3,
        products: [{ name: "a", url: "nope" }],
      });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.issues.map((i) => i.path)).toEqual([["title"], ["products", 0, "url"]]);
      expect(result.issues[1]?.message).toMatch(/url/i);
    });

    it("returns the value the caller's schema produces (transforms, defaults)", async () => {
      const transforming = z3.object({
        price: z3.string().transform((s) => Number(s.replace("$", ""))),
        n: z3.number().default(1),
      });
      const result = await (await normalizeSchema(transforming)).validate({ price: "$12.50" });
      expect(result).toEqual({ ok: true, value: { price: 12.5, n: 1 } });
    });
  });

  describe("zod 4", () => {
    const schema = z.object({
      url: z.url(),
      maybe: z.url().optional(),
      orNull: z.string().url().nullable(),
    });

    it("is recognised and converted (input side, draft-07)", async () => {
      const normalized = await normalizeSchema(schema);
      expect(normalized.kind).toBe("zod4");
      expect(normalized.jsonSchema).toMatchObject({
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: {
          url: { type: "string", format: "uri" },
          maybe: { type: "string", format: "uri" },
          orNull: { anyOf: [{ type: "string", format: "uri" }, { type: "null" }] },
        },
        required: ["url", "orNull"],
      });
    });

    it("reports issues with paths", async () => {
      const nested = z.object({ items: z.array(z.object({ href: z.url() })) });
      const result = await (
        await normalizeSchema(nested)
      ).validate({
        items: [{ href: "https://a.test/" }, { href: 5 }],
      });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues.map((i) => i.path)).toEqual([["items", 1, "href"]]);
    });

    it("applies transforms and defaults, and converts the input side of a transform", async () => {
      const transforming = z.object({
        price: z.string().transform((s) => Number(s.replace("$", ""))),
        n: z.number().default(1),
      });
      const normalized = await normalizeSchema(transforming);
      expect(normalized.jsonSchema).toMatchObject({
        properties: { price: { type: "string" } },
        required: ["price"],
      });
      expect(await normalized.validate({ price: "$3" })).toEqual({ ok: true, value: { price: 3, n: 1 } });
    });

    it("accepts zod/mini schemas", async () => {
      const normalized = await normalizeSchema(zm.object({ a: zm.url() }));
      expect(normalized.kind).toBe("zod4");
      expect(normalized.jsonSchema).toMatchObject({ properties: { a: { format: "uri" } } });
      expect((await normalized.validate({ a: "x" })).ok).toBe(false);
    });

    it("throws a ClientError for types JSON cannot carry", async () => {
      await expect(normalizeSchema(z.object({ when: z.date() }))).rejects.toThrow(ClientError);
      await expect(normalizeSchema(z.object({ when: z.date() }))).rejects.toThrow(
        /cannot be turned into JSON Schema/,
      );
    });
  });

  describe("JSON Schema", () => {
    const schema: JSONSchema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { links: { type: "array", items: { $ref: "#/$defs/link" } }, "0": { type: "number" } },
      required: ["links"],
      additionalProperties: false,
      $defs: {
        link: {
          type: "object",
          properties: { text: { type: "string" }, href: { type: "string", format: "uri" } },
          required: ["text", "href"],
        },
      },
    };

    it("is used as given and validated with ajv, formats included", async () => {
      const normalized = await normalizeSchema(schema);
      expect(normalized.kind).toBe("json-schema");
      expect(normalized.jsonSchema).toBe(schema);
      const good = { links: [{ text: "a", href: "https://a.test/x" }] };
      expect(await normalized.validate(good)).toEqual({ ok: true, value: good });
    });

    it("reports issues with paths: indexes as numbers, keys as strings, missing and extra keys named", async () => {
      const result = await (
        await normalizeSchema(schema)
      ).validate({
        links: [
          { text: "a", href: "https://a.test/" },
          { text: "b", href: "not a url" },
          { href: "https://b.test/" },
        ],
        "0": "zero",
        extra: true,
      });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.issues).toEqual(
        expect.arrayContaining([
          { path: ["links", 1, "href"], message: 'must match format "uri"' },
          { path: ["links", 2, "text"], message: "is required but missing" },
          { path: ["0"], message: "must be number" },
          { path: ["extra"], message: "is not a property the schema allows" },
        ]),
      );
    });

    it("is compiled and applied in the schema worker, never on the caller's thread", async () => {
      const compile = vi.spyOn(Ajv.prototype, "compile");
      try {
        const normalized = await normalizeSchema({
          type: "object",
          properties: { offThread: { type: "string" } },
        });
        expect(await normalized.validate({ offThread: 1 })).toEqual({
          ok: false,
          issues: [{ path: ["offThread"], message: "must be string" }],
        });
        expect(compile).not.toHaveBeenCalled();
      } finally {
        compile.mockRestore();
      }
    });

    it("is held to the schema limits before anything compiles: the message names the limit and the figure", async () => {
      const huge = {
        type: "object",
        properties: Object.fromEntries(
          Array.from({ length: 4_000 }, (_, i) => [`p${i}`, { type: "string" }]),
        ),
      };
      await expect(normalizeSchema(huge)).rejects.toThrow(ClientError);
      await expect(normalizeSchema(huge)).rejects.toThrow(
        "The schema has 4,000 properties; the limit is 1,000.",
      );
    });

    it("validates ^(a+)+$ against a long 'aaaa…!' answer without backtracking", async () => {
      const normalized = await normalizeSchema({ type: "string", pattern: "^(a+)+$" });
      // V8's engine would take longer than the age of the universe on this; RE2 takes milliseconds.
      const result = await normalized.validate("a".repeat(100_000) + "!");
      expect(result).toEqual({ ok: false, issues: [{ path: [], message: 'must match pattern "^(a+)+$"' }] });
    });

    it("refuses a pattern the linear-time engine cannot run", async () => {
      await expect(normalizeSchema({ type: "string", pattern: "^(?!admin)" })).rejects.toThrow(
        /uses a lookahead \(\?= or \?!\), which Loupe does not run/,
      );
    });

    it("accepts two different objects with the same $id", async () => {
      const make = () => ({
        $id: "https://schemas.test/product",
        type: "object",
        properties: { a: { type: "string" } },
      });
      await normalizeSchema(make());
      await normalizeSchema(make());
    });

    it("accepts top-level arrays and primitives", async () => {
      expect(
        await (await normalizeSchema({ type: "array", items: { type: "string" } })).validate(["a"]),
      ).toEqual({
        ok: true,
        value: ["a"],
      });
      const result = await (await normalizeSchema({ type: "string" })).validate(5);
      expect(result).toEqual({ ok: false, issues: [{ path: [], message: "must be string" }] });
    });

    it("throws a ClientError for an invalid JSON Schema", async () => {
      await expect(normalizeSchema({ type: "strng" })).rejects.toThrow(ClientError);
      await expect(normalizeSchema({ type: "object", required: "name" })).rejects.toThrow(
        /not a valid JSON Schema/,
      );
      await expect(
        normalizeSchema({ type: "object", properties: { a: { $ref: "#/$defs/missing" } } }),
      ).rejects.toThrow(/not a valid JSON Schema/);
    });
  });

  describe("Standard Schema", () => {
    it("takes JSON Schema from ~standard.jsonSchema and validates with ~standard.validate", async () => {
      const normalized = await normalizeSchema(handMadeStandardSchema({ withJsonSchema: true }));
      expect(normalized.kind).toBe("standard");
      expect(normalized.jsonSchema).toMatchObject({ properties: { url: { type: "string", format: "uri" } } });
      expect(await normalized.validate({ name: "shoe", url: "https://a.test/" })).toEqual({
        ok: true,
        value: { name: "SHOE", url: "https://a.test/" },
      });
      expect(await normalized.validate({ name: 1 })).toEqual({
        ok: false,
        issues: [
          { path: ["name"], message: "name must be a string" },
          { path: ["url"], message: "url must be a string" },
        ],
      });
    });

    it("throws a ClientError when it cannot give a JSON Schema", async () => {
      await expect(normalizeSchema(handMadeStandardSchema({ withJsonSchema: false }))).rejects.toThrow(
        ClientError,
      );
      await expect(normalizeSchema(handMadeStandardSchema({ withJsonSchema: false }))).rejects.toThrow(
        /vendor "hand-made"\) cannot give a JSON Schema/,
      );
    });
  });

  describe("unsupported input", () => {
    class Thing {
      type = "object";
    }
    it.each([
      ["a number", 42, /got a number \(42\)/],
      ["a class instance", new Thing(), /got an instance of Thing/],
      ["null", null, /got null/],
      ["an array", [{ type: "string" }], /got an array/],
      ["a zod shape", { name: z.string() }, /z\.object\(\{ name \}\)/],
      ["an object that is no JSON Schema", { name: "string" }, /none of the JSON Schema keywords/],
    ])("throws a ClientError naming the accepted kinds for %s", async (_label, input, detail) => {
      await expect(normalizeSchema(input)).rejects.toThrow(ClientError);
      await expect(normalizeSchema(input)).rejects.toThrow(
        /accepts a zod 3 or zod 4 schema, a plain JSON Schema object, or a Standard Schema/,
      );
      await expect(normalizeSchema(input)).rejects.toThrow(detail);
    });
  });
});
