import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { findItemGroups } from "./repeated-items.js";
import { purchaseOptionItems } from "./purchase-options.js";

function options(rows: string[]): string[] {
  const doc = parsePage(`<html><body><div class="grid">${rows.join("")}</div></body></html>`).copy();
  return [...purchaseOptionItems(findItemGroups(doc.body))].map((item) =>
    item.textContent.replace(/\s+/g, " ").trim(),
  );
}

const row = (name: string, price: string) =>
  `<div class="row"><span>${name}</span><span>${price}</span></div>`;

describe("purchaseOptionItems", () => {
  it("takes a grid whose items show prices, in any currency's notation, for purchase options", () => {
    const found = options([
      row("Blue, size 40", "$39.99"),
      row("Black, size 40", "39,99 €"),
      row("Khaki, size 50", "EUR 47"),
      row("3-year plan", "£24.00"),
    ]);
    expect(found).toHaveLength(4);
  });

  it("takes the whole grid when half its items show a price (sold-out rows show none)", () => {
    expect(
      options([
        row("Blue", "$39.99"),
        row("Black", "$39.99"),
        row("Grey", "Sold out"),
        row("Red", "Sold out"),
      ]),
    ).toHaveLength(4);
    expect(
      options([
        row("Blue", "$39.99"),
        row("Black", "Sold out"),
        row("Grey", "Sold out"),
        row("Red", "Sold out"),
      ]),
    ).toHaveLength(0);
  });

  it("leaves a grid of features or figures without prices alone", () => {
    expect(
      options([
        row("Waterproof", "Sealed seams keep rain out"),
        row("Light", "Weighs 900 g"),
        row("Roomy", "40 litres inside"),
      ]),
    ).toHaveLength(0);
  });
});
