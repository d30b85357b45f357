import { describe, expect, it } from "vitest";
import { itemKeyPath } from "../schema/item-keys.js";
import { mergeValues } from "./merge-values.js";

const item = (n: number) => ({ title: `Product ${n}`, price: `$${n}.00` });

describe("mergeValues", () => {
  it("joins lists in page order and drops the items neighbouring parts both found in their overlap", () => {
    const { value, conflicts } = mergeValues([
      { products: [item(1), item(2), item(3)] },
      { products: [item(3), item(4)] },
      { products: [item(4), item(5)] },
    ]);
    expect(value).toEqual({ products: [1, 2, 3, 4, 5].map(item) });
    expect(conflicts).toEqual([]);
  });

  it("keeps an item a page really lists twice, and equal items of parts that do not touch", () => {
    const { value } = mergeValues([[item(1), item(1)], [item(2)], [item(1)]]);
    expect(value).toEqual([item(1), item(1), item(2), item(1)]);
  });

  it("replaces an item cut off at a part's edge by its whole twin from the neighbouring part", () => {
    const { value } = mergeValues([
      [item(1), { title: "Product 2", price: "" }],
      [item(2), item(3)],
    ]);
    expect(value).toEqual([1, 2, 3].map(item));
  });

  it("merges items with the same itemKey anywhere, filling fields one part left empty", () => {
    const { value } = mergeValues(
      [[{ sku: "a", name: "A", price: "" }], [item(9)], [{ sku: "a", name: "", price: "$1" }]],
      { itemKey: "sku" },
    );
    expect(value).toEqual([{ sku: "a", name: "A", price: "$1" }, item(9)]);
  });

  it("uses the key the schema names for a list over itemKey, and only for that list", () => {
    const { value } = mergeValues(
      [
        { a: [{ sku: "1", n: 1 }], b: [{ sku: "1", n: 1 }] },
        { a: [] },
        { a: [{ sku: "1", n: 2 }], b: [{ sku: "1", n: 2 }] },
      ],
      { itemKey: "n", schemaKeys: new Map([[itemKeyPath(["a"]), "sku"]]) },
    );
    expect(value).toEqual({
      a: [{ sku: "1", n: 1 }],
      b: [
        { sku: "1", n: 1 },
        { sku: "1", n: 2 },
      ],
    });
  });

  it("takes single values from the part that found them and reports a different finding", () => {
    const { value, conflicts } = mergeValues([
      { store: "", total: null, products: [] },
      { store: "Loupe Shop", total: 40, products: [item(1)] },
      { store: "Other Shop", total: 40, products: [] },
    ]);
    expect(value).toEqual({ store: "Loupe Shop", total: 40, products: [item(1)] });
    expect(conflicts).toEqual([
      { path: ["store"], kept: { value: "Loupe Shop", part: 1 }, dropped: { value: "Other Shop", part: 2 } },
    ]);
  });
});
