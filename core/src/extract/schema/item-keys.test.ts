import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ClientError } from "../../errors.js";
import { itemKeyPath, schemaItemKeys } from "./item-keys.js";
import { normalizeSchema } from "./normalize-schema.js";

const item = { type: "object", properties: { sku: { type: "string" }, name: { type: "string" } } };

describe("schemaItemKeys", () => {
  it("finds the key of each list by the path of properties to it, through nullable unions and $ref", () => {
    const keys = schemaItemKeys({
      type: "object",
      properties: {
        products: { type: "array", items: item, itemKey: "sku" },
        shop: {
          anyOf: [
            { type: "null" },
            { type: "object", properties: { offers: { $ref: "#/definitions/offers" } } },
          ],
        },
        tags: { type: "array", items: { type: "string" } },
      },
      definitions: { offers: { type: "array", items: item, itemKey: "name" } },
    });
    expect([...keys]).toEqual([
      [itemKeyPath(["products"]), "sku"],
      [itemKeyPath(["shop", "offers"]), "name"],
    ]);
  });

  it("reads a top-level list and zod 4's .meta({ itemKey })", async () => {
    expect(schemaItemKeys({ type: "array", items: item, itemKey: "sku" }).get(itemKeyPath([]))).toBe("sku");
    const schema = await normalizeSchema(
      z.object({ rows: z.array(z.object({ id: z.number() })).meta({ itemKey: "id" }) }),
    );
    expect(schemaItemKeys(schema.jsonSchema).get(itemKeyPath(["rows"]))).toBe("id");
  });

  it("refuses a key that is not a name, names no property, or sits on a field that is not a list", async () => {
    const at =
      (itemKey: unknown, node: object = { type: "array", items: item }) =>
      () =>
        schemaItemKeys({ type: "object", properties: { products: { ...node, itemKey } } });
    expect(at(3)).toThrow(
      new ClientError(
        "The schema's itemKey on the list at products must be the name of a property of its items, not 3.",
      ),
    );
    expect(at("price")).toThrow(
      new ClientError(
        'The schema\'s itemKey "price" on the list at products names no property of its items (sku, name).',
      ),
    );
    expect(at("sku", item)).toThrow(/on a field at products, which is not a list/);
    await expect(normalizeSchema({ type: "array", items: item, itemKey: "x" })).rejects.toThrow(
      /itemKey "x" on the top-level list names no property/,
    );
  });

  it("stops at a recursive schema", () => {
    const tree = { type: "object", properties: { children: { $ref: "#" } } };
    expect(schemaItemKeys(tree).size).toBe(0);
  });
});
