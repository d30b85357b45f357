import { describe, expect, it } from "vitest";
import { isGeneratedName, isStateClass } from "./generated-names.js";

describe("names a selector should not lean on", () => {
  it("takes what people write for stable", () => {
    for (const name of [
      "price",
      "book-card",
      "product_title",
      "BookCard",
      "navBar",
      "col-md-6",
      "h2",
      "step-2",
      "checkout",
      "sign-in-button",
      "searchInput",
    ])
      expect(isGeneratedName(name), name).toBe(false);
  });

  it("takes hashes, CSS-in-JS names and framework counters for generated", () => {
    for (const name of [
      "css-1x2y3z",
      "sc-bdVaJa",
      "kVxZbQ",
      "Button_primary__3xYz1",
      "jsx-2912834",
      ":r1:",
      "«r3»",
      "ember123",
      "mui-42",
      "radix-:R1:",
      "a3f9c2e81b",
      "x9k2m7",
      "9lives",
      "x".repeat(41),
    ])
      expect(isGeneratedName(name), name).toBe(true);
  });

  it("knows state classes", () => {
    expect(isStateClass("active")).toBe(true);
    expect(isStateClass("is-open")).toBe(true);
    expect(isStateClass("Selected")).toBe(true);
    expect(isStateClass("price")).toBe(false);
  });
});
