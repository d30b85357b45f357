import { describe, expect, it } from "vitest";
import * as z from "zod";
import type { JSONSchema } from "./json-schema.js";
import { substituteLinkIds } from "./link-substitution.js";
import { buildModelFacingSchema, unwrapModelValue } from "./model-facing-schema.js";
import { normalizeSchema } from "./normalize-schema.js";

const links: Record<string, string> = {
  "0-5": "https://shop.test/red-shoe",
  "2-17": "https://shop.test/blue-shoe",
  "2-20": "https://cdn.test/img/blue.png",
};
const page = {
  resolveLinkId: (id: string) => links[id],
  isKnownUrl: (url: string) => Object.values(links).includes(url),
};

const productSchema = z.object({
  products: z.array(z.object({ name: z.string(), url: z.url(), image: z.url().nullable().optional() })),
});
const urlPathsOf = async (schema: unknown) =>
  buildModelFacingSchema((await normalizeSchema(schema)).jsonSchema).urlPaths;

describe("substituteLinkIds", () => {
  it("replaces known ids by the links' URLs and leaves null and absent optional fields alone", async () => {
    const answer = {
      products: [
        { name: "Blue", url: "2-17", image: "[2-20]" },
        { name: "Red", url: " 0-5 ", image: null },
        { name: "Green", url: "0-5" },
      ],
    };
    const before = structuredClone(answer);
    const result = substituteLinkIds({ value: answer, urlPaths: await urlPathsOf(productSchema), ...page });
    expect(result.issues).toEqual([]);
    expect(result.value).toEqual({
      products: [
        { name: "Blue", url: "https://shop.test/blue-shoe", image: "https://cdn.test/img/blue.png" },
        { name: "Red", url: "https://shop.test/red-shoe", image: null },
        { name: "Green", url: "https://shop.test/red-shoe" },
      ],
    });
    expect(answer).toEqual(before);
    // The substituted value then passes the caller's own schema.
    expect((await (await normalizeSchema(productSchema)).validate(result.value)).ok).toBe(true);
  });

  it("reports an id that names no link as an issue at its path, never an empty string", async () => {
    const result = substituteLinkIds({
      value: {
        products: [
          { name: "A", url: "2-17" },
          { name: "B", url: "9-99" },
          { name: "C", url: "" },
        ],
      },
      urlPaths: await urlPathsOf(productSchema),
      ...page,
    });
    expect(result.issues).toEqual([
      {
        path: ["products", 1, "url"],
        message:
          "`9-99` is not the id of a link in the snapshot; answer with the id in square brackets before a `link` line",
      },
      {
        path: ["products", 2, "url"],
        message:
          "An empty string is not the id of a link in the snapshot; answer with the id in square brackets before a `link` line",
      },
    ]);
    expect(result.value).toMatchObject({
      products: [{ url: "https://shop.test/blue-shoe" }, { url: "9-99" }, { url: "" }],
    });
  });

  it("keeps a URL the model wrote only when it is one of the page's link URLs", async () => {
    const result = substituteLinkIds({
      value: {
        products: [
          { name: "Known", url: "https://shop.test/red-shoe" },
          { name: "Invented", url: "https://shop.test/green-shoe" },
        ],
      },
      urlPaths: await urlPathsOf(productSchema),
      ...page,
    });
    expect(result.value).toMatchObject({
      products: [{ url: "https://shop.test/red-shoe" }, { url: "https://shop.test/green-shoe" }],
    });
    expect(result.issues).toEqual([
      {
        path: ["products", 1, "url"],
        message:
          "`https://shop.test/green-shoe` is a URL; write the link's id, not a URL (the id in square brackets before a `link` line)",
      },
    ]);
  });

  it("leaves non-URL fields alone even when they look like ids", async () => {
    const result = substituteLinkIds({
      value: { products: [{ name: "2-17", url: "2-17" }] },
      urlPaths: await urlPathsOf(productSchema),
      ...page,
    });
    expect(result.value).toEqual({ products: [{ name: "2-17", url: "https://shop.test/blue-shoe" }] });
  });

  it("handles a top-level URL and a top-level array of URLs after unwrapping", async () => {
    const single = buildModelFacingSchema((await normalizeSchema(z.url())).jsonSchema);
    expect(
      substituteLinkIds({
        value: unwrapModelValue(single, { value: "0-5" }),
        urlPaths: single.urlPaths,
        ...page,
      }),
    ).toEqual({ value: "https://shop.test/red-shoe", issues: [] });

    const list = buildModelFacingSchema((await normalizeSchema(z.array(z.url()))).jsonSchema);
    const result = substituteLinkIds({
      value: unwrapModelValue(list, { value: ["0-5", "1-1"] }),
      urlPaths: list.urlPaths,
      ...page,
    });
    expect(result.value).toEqual(["https://shop.test/red-shoe", "1-1"]);
    expect(result.issues.map((i) => i.path)).toEqual([[1]]);
  });

  it("follows recursive schemas to any depth", async () => {
    const tree: JSONSchema = {
      type: "object",
      properties: { menu: { type: "array", items: { $ref: "#/$defs/node" } } },
      $defs: {
        node: {
          type: "object",
          properties: {
            url: { type: "string", format: "uri" },
            children: { type: "array", items: { $ref: "#/$defs/node" } },
          },
        },
      },
    };
    const answer = {
      menu: [{ url: "0-5", children: [{ url: "2-17", children: [{ url: "2-20", children: [] }] }] }],
    };
    const result = substituteLinkIds({
      value: answer,
      urlPaths: buildModelFacingSchema(tree).urlPaths,
      ...page,
    });
    expect(result.issues).toEqual([]);
    expect(result.value).toEqual({
      menu: [
        {
          url: links["0-5"],
          children: [{ url: links["2-17"], children: [{ url: links["2-20"], children: [] }] }],
        },
      ],
    });
  });

  it("returns the value untouched when the schema has no URL fields", async () => {
    const value = { a: "2-17" };
    const result = substituteLinkIds({
      value,
      urlPaths: await urlPathsOf(z.object({ a: z.string() })),
      ...page,
    });
    expect(result).toEqual({ value, issues: [] });
  });
});
