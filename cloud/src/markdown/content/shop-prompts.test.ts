import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { appendChild, LightElement, LightText } from "../dom/light-dom.js";
import { nest } from "../dom/nested.test.support.js";
import { removeShopPrompts } from "./shop-prompts.js";

function after(html: string): string {
  const doc = parseDocument(`<body>${html}</body>`);
  removeShopPrompts(doc.body);
  return doc.body.textContent.replace(/\s+/g, " ").trim();
}

describe("removeShopPrompts", () => {
  it("removes the shop's shipping offer, wishlist, details link and review summary around a product", () => {
    const text = after(
      `<div class="banner"><b>Free shipping on all orders over $100</b></div>
       <h2>Osprey Atmos 65</h2><div class="stars">Rated <strong>4.80</strong> out of 5 based on 5 customer ratings</div>
       <a href="#reviews">(5 customer reviews)</a><span>369 Reviews</span><p>From: $39.00</p>
       <p>A pack with a suspension that breathes, for long days on the trail.</p>
       <a href="/wishlist?add=1">Add to Wishlist</a><a href="/p/atmos">View full details</a>
       <p>Free shipping and returns apply to rentals within the country; see our terms for the details.</p>`,
    );
    for (const prompt of [
      "Free shipping on all",
      "out of 5",
      "customer reviews",
      "369 Reviews",
      "Wishlist",
      "View full",
    ])
      expect(text).not.toContain(prompt);
    for (const fact of ["Osprey Atmos 65", "From: $39.00", "suspension that breathes", "see our terms"])
      expect(text).toContain(fact);
  });

  it("reads each line once under 100,000 nested blocks", () => {
    const body = new LightElement("body");
    const deepest = nest(body, 100_000, () => new LightElement("div"));
    appendChild(deepest, new LightText("Free shipping on orders over $50"));
    const sibling = nest(body, 100_000, () => new LightElement("span"));
    appendChild(sibling, new LightText("A product's own line of text"));
    removeShopPrompts(body);
    expect(body.textContent).toBe("A product's own line of text");
  });
});
