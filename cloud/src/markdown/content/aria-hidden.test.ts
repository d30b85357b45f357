import { describe, expect, it } from "vitest";
import { convertHtmlToMarkdown } from "../convert-html.js";
import { descendantsByTag } from "../dom/light-dom.js";
import { parseDocument } from "../dom/parse-document.js";
import { shownDespiteAriaHidden } from "./aria-hidden.js";

const isShownDespiteAriaHidden = (el: Parameters<ReturnType<typeof shownDespiteAriaHidden>>[0]) =>
  shownDespiteAriaHidden()(el);

/** The first element with `tag` in a page made of `body`. */
function first(body: string, tag: string) {
  return descendantsByTag(parseDocument(`<html><body>${body}</body></html>`).body, tag)[0]!;
}

const SALE_PRICE =
  `<span class="price"><del aria-hidden="true">$30.00</del> <span class="screen-reader-text">Original price was: $30.00.</span>` +
  `<ins aria-hidden="true">$21.00</ins><span class="screen-reader-text">Current price is: $21.00.</span></span>`;

describe("shownDespiteAriaHidden", () => {
  it("shows a sale price's visible form beside its screen-reader text", () => {
    expect(isShownDespiteAriaHidden(first(SALE_PRICE, "del"))).toBe(true);
    expect(isShownDespiteAriaHidden(first(SALE_PRICE, "ins"))).toBe(true);
  });

  it("shows a card's link repeated out of the tab order", () => {
    expect(
      isShownDespiteAriaHidden(first(`<a href="/s/1" aria-hidden="true" tabindex="-1">Summary</a>`, "a")),
    ).toBe(true);
  });

  it("leaves hidden an icon or a note with no screen-reader twin, and anything hidden from sight too", () => {
    expect(isShownDespiteAriaHidden(first(`<p><i aria-hidden="true">★</i> Rated</p>`, "i"))).toBe(false);
    expect(isShownDespiteAriaHidden(first(`<a href="/s/1" aria-hidden="true">Summary</a>`, "a"))).toBe(false);
    expect(
      isShownDespiteAriaHidden(
        first(
          `<p><del aria-hidden="true" style="display: none">$30</del><span class="sr-only">Was $30</span></p>`,
          "del",
        ),
      ),
    ).toBe(false);
    expect(
      isShownDespiteAriaHidden(
        first(`<p><del hidden>$30</del><span class="sr-only">Was $30</span></p>`, "del"),
      ),
    ).toBe(false);
    expect(
      isShownDespiteAriaHidden(first(`<p><del>$30</del><span class="sr-only">Was $30</span></p>`, "del")),
    ).toBe(false);
  });

  it("gives a shop's grid its prices once, as a sighted reader reads them", () => {
    const items = Array.from(
      { length: 6 },
      (_, i) =>
        `<li class="product"><a href="/product/bag-${i}"><h2>Gear bag number ${i}</h2></a>${SALE_PRICE}</li>`,
    ).join("");
    const { markdown } = convertHtmlToMarkdown(
      `<html><head><title>Outdoor gear</title></head><body><main><h1>Outdoor gear</h1><ul class="products">${items}</ul></main></body></html>`,
      "https://shop.example.com/product-category/outdoor-gear/",
    );
    expect(markdown).toContain("~~$30.00~~ $21.00");
    expect(markdown).not.toContain("Original price was");
  });

  it("reads 40,000 aria-hidden icons side by side, their parent looked at once", () => {
    const icons = '<span aria-hidden="true">★</span>rated '.repeat(40_000);
    const page = `<html><head><title>Reviews</title></head><body><main><p>${icons}</p></main></body></html>`;
    expect(convertHtmlToMarkdown(page, "https://shop.example/reviews").markdown).not.toContain("★");
  });
});
