import { describe, expect, it } from "vitest";
import * as z from "zod";
import * as z3 from "zod/v3";
import type { JSONSchema } from "./json-schema.js";
import {
  buildModelFacingSchema,
  LINK_ID_DESCRIPTION,
  LINK_ID_PATTERN,
  unwrapModelValue,
} from "./model-facing-schema.js";
import { normalizeSchema } from "./normalize-schema.js";
import { formatUrlFieldPath } from "./url-field-paths.js";

const paths = (schema: JSONSchema) => buildModelFacingSchema(schema).urlPaths.map(formatUrlFieldPath);
const linkId = (description?: string) => ({
  type: "string",
  description: description ? `${LINK_ID_DESCRIPTION}: ${description}` : `${LINK_ID_DESCRIPTION}.`,
  pattern: LINK_ID_PATTERN,
});

describe("buildModelFacingSchema", () => {
  it("zod 3: nested array of objects with URL fields asks for link ids there", async () => {
    const { jsonSchema } = await normalizeSchema(
      z3.object({
        shop: z3.string(),
        products: z3.array(
          z3.object({
            name: z3.string(),
            url: z3.string().url().describe("the product page"),
            images: z3.array(z3.string().url()),
            seller: z3.object({ profile: z3.string().url().nullable() }).optional(),
          }),
        ),
      }),
    );
    const facing = buildModelFacingSchema(jsonSchema);
    expect(facing.wrapped).toBe(false);
    expect(facing.urlPaths.map(formatUrlFieldPath)).toEqual([
      "$.products[*].url",
      "$.products[*].images[*]",
      "$.products[*].seller.profile",
    ]);
    const item = (
      facing.schema as { properties: { products: { items: { properties: Record<string, unknown> } } } }
    ).properties.products.items.properties;
    expect(item.url).toEqual(linkId("the product page"));
    expect(item.images).toEqual({ type: "array", items: linkId() });
    expect(item.name).toEqual({ type: "string" });
    expect(item.seller).toMatchObject({ properties: { profile: { anyOf: [linkId(), { type: "null" }] } } });
  });

  it("zod 4: z.url() with .optional() and .nullable()", async () => {
    const { jsonSchema } = await normalizeSchema(
      z.object({
        home: z.url(),
        docs: z.url().optional(),
        logo: z.string().url().nullable().describe("the logo link"),
        both: z.url().nullish(),
      }),
    );
    const facing = buildModelFacingSchema(jsonSchema);
    expect(facing.urlPaths.map(formatUrlFieldPath)).toEqual(["$.home", "$.docs", "$.logo", "$.both"]);
    expect(facing.schema).toMatchObject({
      type: "object",
      properties: {
        home: linkId(),
        docs: linkId(),
        logo: { anyOf: [linkId(), { type: "null" }], description: "the logo link" },
        both: { anyOf: [linkId(), { type: "null" }] },
      },
      required: ["home", "logo"],
    });
  });

  it("JSON Schema: format uri under $defs reached through $ref, and the other URL formats", async () => {
    const schema: JSONSchema = {
      type: "object",
      properties: {
        main: { $ref: "#/$defs/link" },
        related: { type: "array", items: { $ref: "#/$defs/link" } },
        canonical: { type: ["string", "null"], format: "url", maxLength: 2000 },
        relative: { type: "string", format: "uri-reference" },
        iri: { format: "iri" },
        email: { type: "string", format: "email" },
        byName: { type: "object", additionalProperties: { type: "string", format: "uri" } },
        pair: { type: "array", items: [{ type: "string" }, { type: "string", format: "uri" }] },
      },
      $defs: {
        link: {
          type: "object",
          properties: { text: { type: "string" }, href: { type: "string", format: "uri" } },
        },
      },
    };
    const facing = buildModelFacingSchema(schema);
    expect(facing.urlPaths.map(formatUrlFieldPath)).toEqual([
      "$.main.href",
      "$.related[*].href",
      "$.canonical",
      "$.relative",
      "$.iri",
      "$.byName.*",
      "$.pair[1]",
    ]);
    const out = facing.schema as { properties: Record<string, JSONSchema>; $defs: { link: JSONSchema } };
    expect(out.$defs.link).toEqual({
      type: "object",
      properties: { text: { type: "string" }, href: linkId() },
    });
    expect(out.properties.main).toEqual({ $ref: "#/$defs/link" });
    expect(out.properties.canonical).toEqual({ ...linkId(), type: ["string", "null"] });
    expect(out.properties.email).toEqual({ type: "string", format: "email" });
  });

  it("records recursive URL fields with a repeat step", async () => {
    const Category = z.object({
      name: z.string(),
      url: z.url(),
      get subcategories() {
        return z.array(Category);
      },
    });
    expect(paths((await normalizeSchema(Category)).jsonSchema)).toEqual(["$(.subcategories[*])*.url"]);

    const tree: JSONSchema = {
      type: "object",
      properties: { menu: { type: "array", items: { $ref: "#/definitions/node" } } },
      definitions: {
        node: {
          type: "object",
          properties: {
            label: { type: "string" },
            url: { type: "string", format: "uri" },
            children: { type: "array", items: { $ref: "#/definitions/node" } },
          },
        },
      },
    };
    expect(paths(tree)).toEqual(["$.menu[*](.children[*])*.url"]);
  });

  it("wraps a top-level array and says how to unwrap", async () => {
    const { jsonSchema } = await normalizeSchema(z.array(z.object({ title: z.string(), link: z.url() })));
    const facing = buildModelFacingSchema(jsonSchema);
    expect(facing.wrapped).toBe(true);
    expect(facing.urlPaths.map(formatUrlFieldPath)).toEqual(["$[*].link"]);
    expect(facing.schema).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        value: {
          type: "array",
          items: {
            type: "object",
            properties: { title: { type: "string" }, link: linkId() },
            required: ["title", "link"],
          },
        },
      },
      required: ["value"],
      additionalProperties: false,
    });
    expect(unwrapModelValue(facing, { value: [{ title: "a", link: "1-2" }] })).toEqual([
      { title: "a", link: "1-2" },
    ]);
    // A model that skipped the wrapper: passed on for validation to judge.
    expect(unwrapModelValue(facing, [])).toEqual([]);
  });

  it("wraps a top-level string, and a top-level URL becomes a wrapped link id", async () => {
    const plain = buildModelFacingSchema(
      (await normalizeSchema(z.string().describe("the headline"))).jsonSchema,
    );
    expect(plain.schema).toMatchObject({
      type: "object",
      properties: { value: { type: "string", description: "the headline" } },
      required: ["value"],
      additionalProperties: false,
    });
    expect(plain.urlPaths).toEqual([]);
    expect(unwrapModelValue(plain, { value: "Big news" })).toBe("Big news");

    const url = buildModelFacingSchema({ type: "string", format: "uri" });
    expect(url.urlPaths.map(formatUrlFieldPath)).toEqual(["$"]);
    expect(url.schema).toEqual({
      type: "object",
      properties: { value: linkId() },
      required: ["value"],
      additionalProperties: false,
    });
  });

  it("keeps $defs resolvable and moves root-relative $refs when wrapping", async () => {
    const schema: JSONSchema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "array",
      items: { $ref: "#/$defs/entry" },
      $defs: {
        entry: {
          type: "object",
          properties: { href: { type: "string", format: "uri" }, more: { $ref: "#" } },
        },
      },
    };
    const facing = buildModelFacingSchema(schema);
    expect(facing.urlPaths.map(formatUrlFieldPath)).toEqual(["$([*].more)*[*].href"]);
    expect(facing.schema).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { value: { type: "array", items: { $ref: "#/$defs/entry" } } },
      required: ["value"],
      additionalProperties: false,
      $defs: {
        entry: {
          type: "object",
          properties: { href: linkId(), more: { $ref: "#/properties/value" } },
        },
      },
    });
  });

  it("is deterministic and does not modify its input", async () => {
    const schema: JSONSchema = {
      type: "array",
      items: {
        anyOf: [
          { type: "object", properties: { url: { type: "string", format: "uri", description: "d" } } },
          { type: "null" },
        ],
      },
      $defs: { unused: { type: "string", format: "uri" } },
    };
    const before = structuredClone(schema);
    const first = buildModelFacingSchema(schema);
    const second = buildModelFacingSchema(schema);
    expect(schema).toEqual(before);
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
    expect(first.schema).not.toBe(second.schema);
    expect(first.urlPaths.map(formatUrlFieldPath)).toEqual(["$[*].url"]);

    const zodSchema = z.object({ a: z.url(), b: z.array(z.object({ c: z.url() })) });
    const fromZodA = JSON.stringify(buildModelFacingSchema((await normalizeSchema(zodSchema)).jsonSchema));
    const fromZodB = JSON.stringify(buildModelFacingSchema((await normalizeSchema(zodSchema)).jsonSchema));
    expect(fromZodA).toBe(fromZodB);
  });
});
