import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { removeRepeatsWithinItems } from "./item-repeats.js";

function body(html: string) {
  return parsePage(`<html><body>${html}</body></html>`).copy().body;
}

const count = (el: { textContent: string }, part: string) => el.textContent.split(part).length - 1;

describe("removeRepeatsWithinItems", () => {
  it("keeps a card's name and price once when the card shows them twice", () => {
    const root = body(
      `<li class="card"><div class="media"><a href="/p/1">Dark Roast Coffee</a><img src="/1.jpg" alt=""></div>` +
        `<h3><a href="/p/1">Dark Roast Coffee</a></h3><span class="price">$19.99</span><div><span>$19.99</span></div></li>`,
    );
    const card = root.elementChildren[0]!;
    removeRepeatsWithinItems([card]);
    expect(count(card, "Dark Roast Coffee")).toBe(1);
    expect(count(card, "$19.99")).toBe(1);
  });

  it("leaves alone what two cards share, tables and long texts", () => {
    const cards = body(
      `<div class="card"><h3>Socks</h3><p>$15</p></div><div class="card"><h3>Socks</h3><p>$15</p></div>` +
        `<div class="card"><table><tr><td>Yes</td><td>Yes</td></tr></table>` +
        `<p>Warm up with ten to twenty minutes of easy jogging, then five minutes of running drills and four short strides at a hard effort.</p>` +
        `<p>Warm up with ten to twenty minutes of easy jogging, then five minutes of running drills and four short strides at a hard effort.</p></div>`,
    );
    const [first, second, third] = cards.elementChildren;
    removeRepeatsWithinItems([first!, second!, third!]);
    for (const card of [first!, second!]) expect([count(card, "Socks"), count(card, "$15")]).toEqual([1, 1]);
    expect(count(third!, "Yes")).toBe(2);
    expect(count(third!, "Warm up")).toBe(2);
  });
});
