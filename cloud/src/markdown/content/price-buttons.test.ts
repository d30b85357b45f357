import { describe, expect, it } from "vitest";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removePriceButtons } from "./price-buttons.js";

function textAfter(html: string): string {
  return bodyTextAfter(html, removePriceButtons);
}

describe("removePriceButtons", () => {
  it("removes the buttons to buy each pick elsewhere, however they are wrapped", () => {
    const text = textAfter(`<article><h3>Osprey Atmos 65</h3><p>${STORY}</p>
      <div><a href="https://rei.example/p"><div class="price_button"><span>Check price at REI</span></div></a></div>
      <div><a href="https://amazon.example/p"><div class="price_button">Check price at Amazon <i>(on sale!)</i></div></a></div>
      <div><p>${STORY}</p><a href="/go/bambino">Check Price on Amazon</a></div>
      <div><a id="deal-1">See price at Amazon</a><div><p>${STORY}</p></div></div>
      <p><a href="/go/x">$9.49 at CrateJoy</a></p></article>`);
    expect(text).not.toMatch(/Check price|See price|CrateJoy/i);
    expect(text).toContain("Osprey Atmos 65");
    expect(text.match(/harbour master/g)).toHaveLength(3);
  });

  it("keeps a sentence that names a shop, and a link within one", () => {
    const kept = [
      `<p>I bought mine at REI after comparing it at three shops.</p>`,
      `<p>You can <a href="/a">check the price at Amazon</a> before you decide.</p>`,
      `<p><a href="/a">Check price at Amazon and compare it with the local hardware store's offer this week</a></p>`,
      `<p><a href="/a">Our review of the Bambino Plus</a></p>`,
    ];
    for (const html of kept) expect(textAfter(html), html).toBe(bodyTextAfter(html, () => {}));
  });
});

describe("removePriceButtons on a hostile page", () => {
  it("reads 100,000 buttons side by side: the first 500 go, as many as any roundup has", () => {
    const text = textAfter(
      `<div>${'<div><a href="/a">Check price at Amazon</a></div>'.repeat(100_000)}</div>`,
    );
    expect(text.match(/Check price at Amazon/g)).toHaveLength(100_000 - 500);
  });
});
