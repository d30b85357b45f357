import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { convertHtmlToMarkdown } from "../convert-html.js";
import { frontMatter, pageMetadata } from "./page-metadata.js";
import { metaTagFacts } from "./meta-tags.js";
import { readStructuredData } from "../content/structured-data.js";

function metadataOf(html: string) {
  const root = parsePage(html).copy().html;
  return pageMetadata(readStructuredData(root), metaTagFacts(root));
}

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe("pageMetadata", () => {
  it("takes a product's name and offer, not the site's Organization declared first", () => {
    const html = `<head>${ld({ "@type": "Organization", name: "Shop Inc." })}${ld({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Desk lamp",
      brand: { "@type": "Brand", name: "Lumo" },
      offers: { "@type": "Offer", price: 24.5, priceCurrency: "EUR" },
    })}</head><body><p>Lamp</p></body>`;
    expect(metadataOf(html)).toEqual({ type: "Product", title: "Desk lamp", price: "24.5", currency: "EUR" });
  });

  it("states a price range from an AggregateOffer, and no price when the offer has none", () => {
    const range = ld({
      "@type": "Product",
      name: "Shirt",
      offers: [{ "@type": "AggregateOffer", lowPrice: "10.00", highPrice: "25.00", priceCurrency: "USD" }],
    });
    expect(metadataOf(range)).toMatchObject({ price: "10.00–25.00", currency: "USD" });
    const none = ld({
      "@type": "Product",
      name: "Shirt",
      offers: { "@type": "Offer", availability: "InStock" },
    });
    expect(metadataOf(none)).toEqual({ type: "Product", title: "Shirt" });
  });

  it("reads an article's headline, authors and date, in @graph", () => {
    const html = ld({
      "@graph": [
        { "@type": "WebPage", name: "Site – page" },
        {
          "@type": "NewsArticle",
          headline: "  Rivers   rise ",
          author: [{ "@type": "Person", name: "A. Writer" }, "B. Writer", { "@type": "Person" }],
          datePublished: "2024-05-01T08:00:00Z",
        },
      ],
    });
    expect(metadataOf(html)).toEqual({
      type: "NewsArticle",
      title: "Rivers rise",
      author: "A. Writer, B. Writer",
      date: "2024-05-01T08:00:00Z",
    });
  });

  it("takes a QAPage's facts from its Question, and an event's start as its date", () => {
    const qa = ld({
      "@type": "QAPage",
      mainEntity: {
        "@type": "Question",
        name: "How do I sort?",
        author: { "@type": "Person", name: "asker" },
        dateCreated: "2020-01-02",
      },
    });
    expect(metadataOf(qa)).toEqual({
      type: "QAPage",
      title: "How do I sort?",
      author: "asker",
      date: "2020-01-02",
    });
    const event = ld({
      "@type": "MusicEvent",
      name: "Concert",
      startDate: "2025-06-01T20:00",
      offers: { price: "30", priceCurrency: "GBP" },
    });
    expect(metadataOf(event)).toEqual({
      type: "MusicEvent",
      title: "Concert",
      date: "2025-06-01T20:00",
      price: "30",
      currency: "GBP",
    });
  });

  it("reads microdata (a recipe with a nested author scope)", () => {
    const html = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Soup</h1>
      <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Cook</span></span>
      <time itemprop="datePublished" datetime="2023-03-03">March</time></div>`;
    expect(metadataOf(html)).toEqual({ type: "Recipe", title: "Soup", author: "Cook", date: "2023-03-03" });
  });

  it("invents nothing: no main thing, or a thing without usable fields, gives only what is stated", () => {
    expect(metadataOf(`<title>Page</title><h1>Hello</h1>`)).toEqual({});
    expect(metadataOf(ld({ "@type": "Organization", name: "Shop" }))).toEqual({});
    expect(
      metadataOf(ld({ "@type": "Article", headline: ["", null], author: 42, datePublished: {} })),
    ).toEqual({
      type: "Article",
    });
  });

  it("writes dates as ISO 8601, decodes what a CMS escaped, and drops a name that names nobody", () => {
    const html = ld({
      "@type": "BlogPosting",
      headline: "Salt &amp; pepper",
      author: [{ name: "By Maria &amp; Katerina" }, { name: "admin" }],
      datePublished: "Feb 08, 2022",
    });
    expect(metadataOf(html)).toEqual({
      type: "BlogPosting",
      title: "Salt & pepper",
      author: "Maria & Katerina",
      date: "2022-02-08",
    });
    const unread = ld({ "@type": "Article", headline: "T", datePublished: "05/06/2025" });
    expect(metadataOf(unread)).toEqual({ type: "Article", title: "T" });
    const created = ld({
      "@type": "Question",
      name: "Q",
      datePublished: "2 days ago",
      dateCreated: "2024-01-02",
    });
    expect(metadataOf(created)).toMatchObject({ date: "2024-01-02" });
  });

  it("takes the title, author and date from meta tags only where the structured data states none", () => {
    const tags = `<meta property="og:site_name" content="Shop"><meta name="author" content="Jo Writer">
      <meta property="article:published_time" content="2024-02-03 10:00:00 +0200">`;
    expect(metadataOf(`<head>${tags}</head>`)).toEqual({
      author: "Jo Writer",
      date: "2024-02-03T10:00:00+02:00",
    });
    const stated = ld({ "@type": "Article", author: "Ann Lee", datePublished: "2020-01-01" });
    expect(metadataOf(`<head>${tags}${stated}</head>`)).toEqual({
      type: "Article",
      author: "Ann Lee",
      date: "2020-01-01",
    });
    // The title too, where the structured data names nothing.
    const titled = `<meta property="og:title" content="Tides &amp; times">`;
    expect(metadataOf(`<head>${titled}</head>`)).toEqual({ title: "Tides & times" });
    expect(
      metadataOf(`<head>${titled}${stated.replace('"Article",', '"Article","headline":"Own",')}</head>`),
    ).toMatchObject({
      title: "Own",
    });
    // A CMS's default: the site's name where no writer is set.
    const site = `<meta property="og:site_name" content="Ridge"><meta name="author" content="ridge">`;
    expect(metadataOf(`<head>${site}</head>`)).toEqual({});
  });

  it("bounds every field", () => {
    const long = "x".repeat(10_000);
    const found = metadataOf(
      ld({ "@type": "Article", headline: long, author: Array(500).fill({ name: long }) }),
    );
    expect(found.title!.length).toBeLessThanOrEqual(300);
    expect(found.author!.length).toBeLessThanOrEqual(300);
  });
});

describe("frontMatter", () => {
  it("is empty without metadata, and quotes every value so page text cannot end the block", () => {
    expect(frontMatter({})).toBe("");
    expect(frontMatter({ title: 'A "quoted"\n---\ntitle: fake', price: "5" })).toBe(
      '---\ntitle: "A \\"quoted\\"\\n---\\ntitle: fake"\nprice: "5"\n---\n\n',
    );
  });
});

describe("convertHtmlToMarkdown with metadata", () => {
  const page = `<html><head><title>Desk lamp | Shop</title>${ld({
    "@type": "Product",
    name: "Desk lamp",
    offers: { price: "24.50", priceCurrency: "EUR" },
  })}</head><body><main><h1>Desk lamp</h1><p>${"A warm light for long evenings. ".repeat(8)}</p></main></body></html>`;

  it("puts the metadata in front matter and in the result only when asked", () => {
    const plain = convertHtmlToMarkdown(page, "https://shop.example/lamp");
    expect(plain.metadata).toBeUndefined();
    expect(plain.markdown.startsWith("# ")).toBe(true);
    const withMetadata = convertHtmlToMarkdown(page, "https://shop.example/lamp", { metadata: true });
    expect(withMetadata.metadata).toEqual({
      type: "Product",
      title: "Desk lamp",
      price: "24.50",
      currency: "EUR",
    });
    expect(withMetadata.markdown).toBe(
      '---\ntitle: "Desk lamp"\nprice: "24.50"\ncurrency: "EUR"\ntype: "Product"\n---\n\n' + plain.markdown,
    );
  });

  it("adds no front matter to a page that states nothing", () => {
    const bare =
      "<html><head><title>Notes</title></head><body><p>Just some words on a page.</p></body></html>";
    const result = convertHtmlToMarkdown(bare, "https://example.com/", { metadata: true });
    expect(result.metadata).toEqual({});
    expect(result.markdown.startsWith("---")).toBe(false);
  });
});
