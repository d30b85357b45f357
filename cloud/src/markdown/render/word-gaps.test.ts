import { describe, expect, it } from "vitest";
import { render } from "./rendered.test.support.js";

describe("word gaps", () => {
  it("sets apart words only the stylesheet parts: a brand and a name, badges, a title and its subtitle", () => {
    expect(
      render(
        `<p><span data-ui="brand">Merrell</span><span data-ui="title">Moab 3 Mid Hiking Boots</span></p>`,
      ),
    ).toBe("Merrell Moab 3 Mid Hiking Boots");
    expect(
      render(`<p><span class="badge">Genuine Part</span><span class="badge">Lifetime Guarantee</span></p>`),
    ).toBe("Genuine Part Lifetime Guarantee");
    expect(render(`<p><span>$17.95</span><span class="stock">In Stock</span></p>`)).toBe("$17.95 In Stock");
    // A brand in capitals before a capitalised name; an acronym's tag before a word's.
    expect(render(`<p><span>HOKA</span><span>Bondi 8 Road-Running Shoes</span></p>`)).toBe(
      "HOKA Bondi 8 Road-Running Shoes",
    );
    // An element's text meeting the text after it, through elements without text.
    expect(render(`<h3><span>New Listing</span><!--F#0-->Reaching For The Moon</h3>`)).toBe(
      "### New Listing Reaching For The Moon",
    );
    expect(render(`<p><b>Long-term protection</b><span class="br"></span>Early signs point to it.</p>`)).toBe(
      "**Long-term protection** Early signs point to it.",
    );
    // A footnote's mark before its note.
    expect(render(`<p><sup>a</sup>Adjusted for age. <sup>1</sup>Average ratio.</p>`)).toBe(
      "a Adjusted for age. 1 Average ratio.",
    );
    expect(render(`<p><a href="/a">Home</a><a href="/b">About us</a></p>`)).toBe(
      "[Home](https://example.com/a) [About us](https://example.com/b)",
    );
  });

  it("leaves a word that goes on in lower case, capitals that run on, code, and what a break parts", () => {
    expect(render(`<p><span class="drop">T</span>he harbour <b>w</b>aited.</p>`)).toBe(
      "The harbour **w**aited.",
    );
    expect(render(`<p><span>GDPR</span><span>HIPAA</span> and <span>i</span><span>Phone</span></p>`)).toBe(
      "GDPRHIPAA and iPhone",
    );
    expect(render(`<p>Call <code>use<span>State</span></code> here.</p>`)).toBe("Call `useState` here.");
    expect(render(`<pre><span>let</span><span>Value</span></pre>`)).toBe("```\nletValue\n```");
    expect(render(`<p>super<wbr>Long, <span>e</span>Bay</p>`)).toBe("superLong, eBay");
    // A formula's subscripts; a footnote's mark and a subscript inside another element are set apart.
    expect(render(`<p>H<sub>2</sub>O and C<sub>6</sub>H<sub>12</sub>O<sub>6</sub> sugar</p>`)).toBe(
      "H2O and C6H12O6 sugar",
    );
    expect(render(`<p>Wells<sup>3</sup>Water, <span>CO<sub>2</sub></span><span>Emissions</span></p>`)).toBe(
      "Wells3 Water, CO2 Emissions",
    );
    // Text beside text is one text node's worth: the page wrote it so.
    expect(render(`<p>camel<!-- -->Case</p>`)).toBe("camelCase");
  });
});

describe("word gaps on hostile pages", () => {
  it("reads 50,000 nested inline elements and 100,000 side by side", () => {
    const nested = "<span>a".repeat(50_000) + "<span>B</span>" + "</span>".repeat(50_000);
    expect(render(`<p>${nested}</p>`).replace(/\s+/g, "")).toBe("a".repeat(50_000) + "B");
    expect(render(`<p>${"<span>ab</span><span>Cd</span>".repeat(50_000)}</p>`)).toHaveLength(5 * 50_000);
  });
});
