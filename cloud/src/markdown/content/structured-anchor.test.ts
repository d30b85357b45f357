import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { structuredAnchor } from "./structured-anchor.js";
import { readStructuredData } from "./structured-data.js";
import { appendChild, LightElement, LightText } from "../dom/light-dom.js";
import { nest } from "../dom/nested.test.support.js";

const DESCRIPTION =
  "A liquid-damped compass in a polished brass bowl, gimballed so it reads true on a small boat in a swell.";

function anchorOf(html: string) {
  const doc = parsePage(html).copy();
  return structuredAnchor(readStructuredData(doc.html), doc.body);
}

describe("structuredAnchor", () => {
  it("finds a JSON-LD product by its stated description, at the deepest element holding it", () => {
    const found = anchorOf(`<head><script type="application/ld+json">${JSON.stringify({
      "@type": "Product",
      name: "Compass",
      description: DESCRIPTION,
    })}</script></head><body><nav>Shop</nav><div id="product"><h1>Compass</h1>
      <div class="description"><p>${DESCRIPTION}</p></div></div><aside>Related things</aside></body>`);
    expect(found?.tag).toBe("p");
  });

  it("reads the page's text as a reader does: whitespace and case apart, across elements, after an İ", () => {
    const ld = `<head><script type="application/ld+json">${JSON.stringify({
      "@type": "Product",
      description: DESCRIPTION,
    })}</script></head>`;
    const cut = DESCRIPTION.indexOf(" brass");
    const [first, second] = [DESCRIPTION.slice(0, cut), DESCRIPTION.slice(cut + 1)];
    // Lower case makes "İ" two characters: the places of the text after it move by one each.
    const spread = anchorOf(`${ld}<body><p>İSTANBUL İZMİR</p><div id="a"><p>x</p></div>
      <div id="b"><p>${first.toUpperCase()}</p>\n  <p>  ${second}</p></div><div><p>${DESCRIPTION}</p></div></body>`);
    expect(spread?.attr("id")).toBe("b");
    // A stated text of just the length looked for, ending where its element ends, after four "İ"s.
    const exact = "A brass compass, gimballed, liquid-damped, for small boats!!";
    const ended = anchorOf(
      `<head><script type="application/ld+json">${JSON.stringify({
        "@type": "Product",
        description: exact,
      })}</script></head><body><p>İİİİ</p><section><p>Intro.</p><p>${exact}</p></section></body>`,
    );
    expect(exact).toHaveLength(60);
    expect(ended?.textContent).toBe(exact);
  });

  it("takes a microdata scope as it is, unless it is the whole page", () => {
    const scoped = anchorOf(`<body><nav>Menu</nav><article itemscope itemtype="https://schema.org/Article">
      <h1 itemprop="headline">Tides</h1><p>${DESCRIPTION}</p></article><footer>${"Site footer text. ".repeat(4)}</footer></body>`);
    expect(scoped?.tag).toBe("article");
    const whole = anchorOf(
      `<body><div itemscope itemtype="https://schema.org/Article"><p>${DESCRIPTION}</p></div></body>`,
    );
    expect(whole).toBeUndefined();
  });

  it("locates nothing when the stated text is not in the page, too short, or there is no main thing", () => {
    const ld = (value: unknown) =>
      `<head><script type="application/ld+json">${JSON.stringify(value)}</script></head><body><p>${DESCRIPTION}</p></body>`;
    expect(
      anchorOf(
        ld({
          "@type": "Product",
          description: "Something else entirely, stated but never shown on the page.",
        }),
      ),
    ).toBeUndefined();
    expect(anchorOf(ld({ "@type": "Product", description: "Compass" }))).toBeUndefined();
    expect(anchorOf(ld({ "@type": "Organization", description: DESCRIPTION }))).toBeUndefined();
  });

  it("reads its way down wrappers nested 200,000 deep once, with or without text of their own", () => {
    // Reading each level's whole text anew was quadratic (minutes here, where the test timeout is 60 s).
    for (const ownText of ["", "x"]) {
      const doc = parsePage(
        `<head><script type="application/ld+json">${JSON.stringify({
          "@type": "Product",
          description: DESCRIPTION,
        })}</script></head><body></body>`,
      ).copy();
      const level = nest(doc.body, 200_000, () => {
        const div = new LightElement("div");
        if (ownText) appendChild(div, new LightText(ownText));
        return div;
      });
      const p = new LightElement("p");
      appendChild(p, new LightText(DESCRIPTION));
      appendChild(level, p);
      // The page's text is read once, with where each wrapper's part of it lies: the way down reaches the
      // paragraph whether or not the wrappers have text of their own.
      expect(structuredAnchor(readStructuredData(doc.html), doc.body)).toBe(p);
    }
  });
});
