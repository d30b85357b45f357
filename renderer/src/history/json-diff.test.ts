import { describe, expect, it } from "vitest";
import { diffJson, formatPath } from "./json-diff.js";

describe("diffJson", () => {
  it("finds nothing between equal values", () => {
    expect(diffJson({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toEqual([]);
  });

  it("reports added, removed and changed paths, deepest first", () => {
    const before = { title: "A", price: 1, tags: ["x", "y"], meta: { k: 1 } };
    const after = { title: "B", tags: ["x"], meta: { k: 1, j: 2 }, extra: true };
    expect(diffJson(before, after)).toEqual([
      { kind: "changed", path: ["title"], before: "A", after: "B" },
      { kind: "removed", path: ["price"], before: 1 },
      { kind: "removed", path: ["tags", 1], before: "y" },
      { kind: "added", path: ["meta", "j"], after: 2 },
      { kind: "added", path: ["extra"], after: true },
    ]);
  });

  it("treats a change of type as one change at that path", () => {
    expect(diffJson({ a: [1] }, { a: { 0: 1 } })).toEqual([
      { kind: "changed", path: ["a"], before: [1], after: { 0: 1 } },
    ]);
    expect(diffJson("x", 1)).toEqual([{ kind: "changed", path: [], before: "x", after: 1 }]);
  });
});

describe("formatPath", () => {
  it("writes paths the way code reads them", () => {
    expect(formatPath([])).toBe("(root)");
    expect(formatPath(["books", 0, "title"])).toBe("books[0].title");
    expect(formatPath(["a b", 2])).toBe('["a b"][2]');
  });
});

describe("diffJson on arrays", () => {
  const book = (title: string, price = 10) => ({ title, price });

  it("matches elements by content: an item added at the top is one addition", () => {
    expect(diffJson([book("B"), book("C")], [book("A"), book("B"), book("C")])).toEqual([
      { kind: "added", path: [0], after: book("A") },
    ]);
    expect(diffJson([book("A"), book("B"), book("C")], [book("A"), book("C")])).toEqual([
      { kind: "removed", path: [1], before: book("B") },
    ]);
  });

  it("compares the elements that differ between shared ones, at the new index", () => {
    expect(
      diffJson([book("A"), book("B", 10), book("C")], [book("Z"), book("A"), book("B", 12), book("C")]),
    ).toEqual([
      { kind: "added", path: [0], after: book("Z") },
      { kind: "changed", path: [2, "price"], before: 10, after: 12 },
    ]);
  });

  it("sees the same object with its keys in another order as the same element", () => {
    expect(diffJson([{ a: 1, b: 2 }], [{ b: 2, a: 1 }])).toEqual([]);
  });
});
