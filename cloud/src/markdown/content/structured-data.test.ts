import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { detectPageType } from "./page-type.js";
import { readStructuredData, schemaTypes } from "./structured-data.js";

function things(html: string) {
  return readStructuredData(parsePage(html).copy().html);
}

describe("readStructuredData", () => {
  it("reads JSON-LD arrays, @graph and nested things, and microdata scopes", () => {
    const found = things(`<html><head>
      <script type="application/ld+json">[{"@type":"Organization","name":"Shop"}]</script>
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Product","name":"Lamp","offers":{"@type":"Offer","price":"20.00"}}]}</script>
      </head><body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Soup</h1>
      <time itemprop="cookTime" datetime="PT30M">30 min</time></div></body></html>`);
    expect(found.map((t) => t.types[0])).toEqual(["Organization", "Product", "Offer", "Recipe"]);
    expect(found[1]!.props["name"]).toBe("Lamp");
    expect(found[3]!.props).toEqual({ name: "Soup", cookTime: "PT30M" });
  });

  it("survives broken JSON-LD: trailing commas, raw line breaks, comments wrappers, garbage", () => {
    const found = things(`<head>
      <script type="application/ld+json"><!-- {"@type":"Article","headline":"A",} --></script>
      <script type="application/ld+json">{"@type":"Event","name":"Line
      break"}</script>
      <script type="application/ld+json">{not json at all</script></head>`);
    expect(found.map((t) => t.types[0])).toEqual(["Article", "Event"]);
  });

  it("stops at a bounded depth on hostile nesting", () => {
    let json = '{"@type":"Thing"}';
    for (let i = 0; i < 5000; i++) json = `{"@type":"Thing","x":${json}}`;
    expect(things(`<script type="application/ld+json">${json}</script>`).length).toBeLessThan(20);
  });

  it("reads microdata scopes nested 50,000 deep without running out of stack, to a bounded depth", () => {
    const open = `<div itemprop="part" itemscope itemtype="https://schema.org/Thing">`;
    const found = things(
      `<body><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Lamp</span>` +
        `${open.repeat(50_000)}<span itemprop="name">deep</span>${"</div>".repeat(50_000)}</div></body>`,
    );
    expect(found[0]!.types).toEqual(["Product"]);
    expect(found[0]!.props["name"]).toBe("Lamp");
    let depth = 0;
    for (let part = found[0]!.props["part"]; part; part = (part as Record<string, unknown>)["part"]) depth++;
    expect(depth).toBeLessThanOrEqual(14);
  });

  it("strips schema.org prefixes from types", () => {
    expect(schemaTypes(["http://schema.org/Product", "schema:Offer"])).toEqual(["Product", "Offer"]);
    expect(schemaTypes("https://schema.org/QAPage")).toEqual(["QAPage"]);
    expect(schemaTypes(42)).toEqual([]);
  });
});

describe("detectPageType", () => {
  const type = (head: string, url: string) => {
    const doc = parsePage(`<html><head>${head}</head><body></body></html>`).copy();
    return detectPageType({ url, things: readStructuredData(doc.html), html: doc.html });
  };
  const ld = (value: object) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

  it("believes what the page states", () => {
    expect(type(ld({ "@type": "QAPage" }), "https://example.com/x")).toBe("forum");
    expect(type(ld({ "@type": "Product", name: "Lamp" }), "https://example.com/x")).toBe("product");
    expect(type(ld({ "@type": "CollectionPage" }), "https://example.com/x")).toBe("collection");
    expect(type(ld({ "@type": "TechArticle" }), "https://example.com/x")).toBe("documentation");
    expect(type(`<meta property="og:type" content="article">`, "https://example.com/x")).toBe("article");
  });

  it("reads a shop's product permalink over an article the page states, not a newsletter's /p/ post", () => {
    const article = `<meta property="og:type" content="article">`;
    expect(type(article, "https://example.com/product/osprey-backpack/")).toBe("product");
    expect(type(ld({ "@type": "Article" }), "https://shop.example.com/products/lamp")).toBe("product");
    expect(type(article, "https://example.substack.com/p/backup-strategy")).toBe("article");
    expect(type(article, "https://example.com/blog/products-we-love")).toBe("article");
  });

  it("reads three or more products as a collection", () => {
    const products = [1, 2, 3].map((i) => ({ "@type": "Product", name: `P${i}` }));
    expect(type(ld(products), "https://example.com/x")).toBe("collection");
  });

  it("falls back on the address, then on article", () => {
    expect(type("", "https://forum.example.com/t/topic/12")).toBe("forum");
    expect(type("", "https://example.com/docs/install")).toBe("documentation");
    expect(type("", "https://example.com/collections/lamps")).toBe("collection");
    // WooCommerce's category pages, and a shop's sub-categories.
    expect(type("", "https://example.com/product-category/outdoor-gear/")).toBe("collection");
    expect(type("", "https://example.com/sub-categories/cables")).toBe("collection");
    expect(type("", "https://example.com/categorical-data-explained")).toBe("article");
    expect(type("", "not a url")).toBe("article");
  });
});
