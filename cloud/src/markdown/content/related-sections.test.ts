import { describe, expect, it } from "vitest";
import { bodyTextAfter } from "./body-text.test.support.js";
import type { PageType } from "./page-type.js";
import { removeRelatedSections } from "./related-sections.js";

const PROSE =
  "A liquid-damped compass in a polished brass bowl, gimballed so it reads true on a small boat in a swell. ";

function textAfter(html: string, type: PageType = "article", declaredArticle = false): string {
  return bodyTextAfter(html, (body) => removeRelatedSections(body, type, declaredArticle));
}

describe("removeRelatedSections", () => {
  it("removes the container a related heading starts, and leaves the content", () => {
    const text = textAfter(`<body><div><h1>Compass</h1><p>${PROSE.repeat(4)}</p></div>
      <div class="x1"><h2>You may also like</h2><ul><li><a href="/a">Sextant</a> $40</li><li><a href="/b">Chart</a> $9</li></ul></div></body>`);
    expect(text).toContain("Compass");
    expect(text).toContain("gimballed");
    expect(text).not.toContain("You may also like");
    expect(text).not.toContain("Sextant");
  });

  it("removes a heading among the content's siblings with what follows it up to the next heading of its rank", () => {
    const text = textAfter(`<body><article><h2>Use</h2><p>${PROSE.repeat(3)}</p>
      <h2>Related articles:</h2><ul><li><a href="/a">Tides</a></li></ul><p>Moon phases teaser</p>
      <h2>Care</h2><p>Keep it dry.</p></article></body>`);
    expect(text).not.toContain("Related articles");
    expect(text).not.toContain("Tides");
    expect(text).not.toContain("Moon phases");
    expect(text).toContain("Keep it dry.");
    expect(text).toContain("Use");
  });

  it("removes a reviewer's box and a disclaimer titled as such, and leaves the article", () => {
    const text = textAfter(`<body><article><h1>Compass</h1><p>${PROSE.repeat(4)}</p>
      <div class="box"><h3>About the Reviewer</h3><p>Dr. Ada Finch reviews our navigation guides.</p></div>
      <div><h3>Disclaimer:</h3><p>Nothing here replaces a lesson from a qualified instructor.</p></div></article></body>`);
    expect(text).toContain("gimballed");
    for (const junk of ["About the Reviewer", "Ada Finch", "Disclaimer", "qualified instructor"])
      expect(text).not.toContain(junk);
  });

  it("removes a sign-up invitation on a page that declares itself an article, and keeps it elsewhere", () => {
    const html = `<body><article><h1>Compass</h1><p>${PROSE.repeat(4)}</p></article>
      <div class="band"><h2>Free Weekly Bearings signup</h2><p>Tips in your inbox.</p><a href="/letters">Sign up</a></div>
      <div class="band"><h3>Join 5,000+ sailors</h3><p>One letter a month.</p></div></body>`;
    const article = textAfter(html, "article", true);
    expect(article).toContain("gimballed");
    for (const junk of ["Weekly Bearings", "Tips in your inbox", "Join 5,000+", "One letter"])
      expect(article).not.toContain(junk);
    // A service's page offers its sign-up as what it sells.
    const service = textAfter(html, "article", false);
    expect(service).toContain("Weekly Bearings");
    expect(service).toContain("Join 5,000+");
  });

  it("removes a thread's prompt to sign in before replying, and keeps the posts", () => {
    const text = textAfter(
      `<body><div class="thread"><div class="post"><p>${PROSE}</p></div><div class="post"><p>Second post. ${PROSE}</p></div></div>
       <div class="prompt"><h2>Create an account or sign in to comment</h2><p>You need to be a member in order to leave a comment.</p>
       <a href="/register">Register a new account</a></div></body>`,
      "forum",
    );
    expect(text).toContain("Second post.");
    for (const junk of ["sign in to comment", "be a member", "Register"]) expect(text).not.toContain(junk);
  });

  it("keeps headings that only mention such words, and long titles", () => {
    const html = `<body><h2>Related rates in calculus explained for beginners and everyone else</h2><p>${PROSE}</p>
      <h2>Popular science and its critics</h2><p>${PROSE}</p></body>`;
    const text = textAfter(html);
    expect(text).toContain("Related rates");
    expect(text).toContain("Popular science and its critics");
  });

  it("spares a container that holds most of the page", () => {
    const text = textAfter(
      `<body><div><h2>Recommended</h2><p>${PROSE.repeat(6)}</p></div><p>Footer</p></body>`,
    );
    expect(text).toContain("gimballed");
  });

  it("removes an author box and an article's comments, and keeps a forum's", () => {
    const html = `<body><div><h1>Compass</h1><p>${PROSE.repeat(4)}</p></div>
      <div><h3>About the author</h3><p>Ann writes about boats.</p></div>
      <section><h2>3 Comments</h2><p>Nice piece, thanks for writing it.</p></section></body>`;
    const article = textAfter(html);
    expect(article).not.toContain("Ann writes");
    expect(article).not.toContain("Nice piece");
    expect(textAfter(html, "forum")).toContain("Nice piece");
  });

  it("removes a shop's terms and its seller's profile on a product page, and keeps them elsewhere", () => {
    const html = `<body><div><h1>Compass</h1><p>${PROSE.repeat(4)}</p>
      <h3>Specifications</h3><ul><li>Bowl: brass</li><li>Diameter: 9 cm</li></ul></div>
      <div><h2>Shipping and return policies</h2><p>Returns accepted within 14 days.</p></div>
      <div><h2>Payment &amp; Security</h2><p>Your payment information is processed securely.</p></div>
      <div><h2>About this seller</h2><p>99.8% positive feedback, 296K items sold.</p></div>
      <div><h2>Seller feedback (7,310)</h2><p>Fast delivery, as described.</p></div></body>`;
    const product = textAfter(html, "product");
    expect(product).toContain("gimballed");
    expect(product).toContain("Diameter: 9 cm");
    for (const junk of ["Returns accepted", "processed securely", "positive feedback", "Fast delivery"])
      expect(product).not.toContain(junk);
    // A guide to shipping a parcel is an article about shipping.
    expect(textAfter(html)).toContain("Returns accepted");
  });

  it("removes 'people who viewed this item also viewed' and 'recent posts' sections", () => {
    const text = textAfter(`<body><div><h1>Compass</h1><p>${PROSE.repeat(4)}</p></div>
      <div><h2>People who viewed this item also viewed</h2><ul><li><a href="/a">Sextant</a> $40</li></ul></div>
      <div><h3>Customers who bought this item also bought</h3><p><a href="/b">Barometer</a></p></div>
      <div><h4>Recent posts</h4><p><a href="/c">Tying a bowline</a></p></div></body>`);
    expect(text).toContain("gimballed");
    for (const junk of ["Sextant", "Barometer", "bowline"]) expect(text).not.toContain(junk);
  });

  it("removes a forum's lists of other threads ('Similar threads', 'Trending topics'), and keeps the posts", () => {
    const others = (title: string) =>
      `<div class="block"><h3>${title}</h3><ul><li><a href="/t/1">Which compass for a kayak?</a></li></ul></div>`;
    const text = textAfter(
      `<body><div class="posts"><p>${PROSE.repeat(3)}</p><p>Reply: ${PROSE}</p></div>
      ${others("Similar threads")}${others("Trending Topics")}</body>`,
      "forum",
    );
    expect(text).toContain("Reply: A liquid-damped");
    for (const junk of ["Similar threads", "Trending Topics", "kayak"]) expect(text).not.toContain(junk);
  });

  it("reads 30,000 related headings side by side in one pass over their siblings", () => {
    // Each heading once listed and searched its siblings, and climbed past them to its first text.
    const text = textAfter(
      `<body><main><p>${PROSE.repeat(3)}</p>${"<h2>Related</h2><p>x</p>".repeat(30_000)}</main></body>`,
    );
    expect(text).toBe(PROSE.repeat(3).trim());
  });
});
