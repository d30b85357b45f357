import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { findMainContent } from "./find-main-content.js";

const SENTENCE =
  "The text goes on for a while, with commas, clauses, and enough words to read as a paragraph of prose.";

function main(html: string, url = "https://example.com/page"): { text: string; type: string } {
  const found = findMainContent(parseDocument(html), url);
  return { text: found.root.textContent.replace(/\s+/g, " ").trim(), type: found.type };
}

const CHROME_TOP = `<header><a href="/">Site</a><nav><a href="/a">Alpha</a> <a href="/b">Beta</a> <a href="/c">Gamma</a></nav></header>
<div class="cookie-banner">We use cookies. <a href="/privacy">Privacy</a></div>`;
const CHROME_BOTTOM = `<footer><a href="/terms">Terms</a> <a href="/contact">Contact</a> © Site</footer>`;

describe("findMainContent", () => {
  it("keeps every post of a forum thread, not only the first", () => {
    const posts = Array.from(
      { length: 4 },
      (_, i) =>
        `<div class="post"><div class="author"><a href="/u/${i}">user${i}</a></div><div class="body"><p>Post ${i + 1}. ${SENTENCE}</p></div></div>`,
    ).join("");
    const { text, type } = main(
      `<html><head><script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Q"}</script></head>
       <body>${CHROME_TOP}<div class="thread">${posts}</div>${CHROME_BOTTOM}</body></html>`,
      "https://forum.example.com/t/question/1",
    );
    expect(type).toBe("forum");
    for (let i = 1; i <= 4; i++) expect(text).toContain(`Post ${i}.`);
    for (const junk of ["Alpha", "cookies", "Terms"]) expect(text).not.toContain(junk);
  });

  it("leaves out a product page's buyer reviews and questions, by their names or their headings", () => {
    const reviews = Array.from(
      { length: 3 },
      (_, i) => `<div class="review-item"><h4>Great lamp ${i}</h4><p>Review ${i}. ${SENTENCE}</p></div>`,
    ).join("");
    const { text, type } = main(
      `<html><head><script type="application/ld+json">{"@type":"Product","name":"Lamp"}</script></head>
       <body>${CHROME_TOP}<div class="pdp"><h1>Lamp</h1><p>$25.00</p><p>Description. ${SENTENCE} ${SENTENCE}</p>
       <div class="product-reviews">${reviews}</div>
       <div><h2>Questions &amp; Answers</h2><p>Does it dim? ${SENTENCE}</p></div></div>${CHROME_BOTTOM}</body></html>`,
      "https://shop.example.com/products/lamp",
    );
    expect(type).toBe("product");
    expect(text).toContain("Description.");
    expect(text).toContain("$25.00");
    for (const junk of ["Review 0.", "Great lamp", "Does it dim?"]) expect(text).not.toContain(junk);
  });

  it("leaves out the bands laid out like the article's own band after it (a teaser, a sign-up)", () => {
    const story = `<p>Opening. ${SENTENCE} ${SENTENCE}</p>` + `<p>${SENTENCE} ${SENTENCE}</p>`.repeat(4);
    const { text } = main(
      `<html><body>${CHROME_TOP}<main>
       <div class="band"><article><h1>Morning walks</h1><p>By Ann Lee</p>${story}</article></div>
       <div class="band"><h2>Picked for you</h2><h3>Evening swims</h3>
         <p>Swimming after work is calmer than it sounds, with fewer lanes taken and cooler water.</p>
         <a href="/evening-swims">Read the story</a></div>
       <div class="band"><h2>Weekly letter</h2><p>The best of the week, in your inbox.</p><a href="/letter">Sign up</a></div>
       </main>${CHROME_BOTTOM}</body></html>`,
      "https://news.example.com/2025/morning-walks",
    );
    expect(text).toContain("Opening.");
    expect(text).toContain("By Ann Lee");
    for (const junk of ["Evening swims", "Swimming after work", "Weekly letter", "Sign up"])
      expect(text).not.toContain(junk);
  });

  it("keeps a product's stated description that the page holds in a drawer or a hidden panel", () => {
    const description = `A lightweight shirt for training. ${SENTENCE}`;
    const ld = JSON.stringify({ "@type": "Product", name: "Shirt", description });
    const page = (drawer: string) =>
      main(
        `<html><head><script type="application/ld+json">${ld}</script></head>
         <body>${CHROME_TOP}<main><h1>Shirt</h1><p>$22.00</p><button>Add to bag</button>
         <a href="#details">Product details</a></main>${drawer}${CHROME_BOTTOM}</body></html>`,
        "https://shop.example.com/products/shirt",
      ).text;
    const inDrawer = page(`<aside role="dialog" class="sheet"><h2>Details</h2><p>${description}</p>
      <ul><li>Slim fit</li><li>Sweat-wicking</li></ul></aside>`);
    expect(inDrawer).toContain("A lightweight shirt for training.");
    expect(inDrawer).toContain("Sweat-wicking");
    const hidden = page(`<div id="details" style="display: none"><p>${description}</p></div>`);
    expect(hidden).toContain("A lightweight shirt for training.");
    // Other furniture still goes.
    for (const junk of ["Alpha", "cookies", "Terms"]) expect(inDrawer).not.toContain(junk);
  });

  it("keeps a listing's entries that are only linked titles, beside its introduction", () => {
    const entries = Array.from(
      { length: 10 },
      (_, i) => `<li><a href="/recipes/${i}">Slow-cooked tomato sauce number ${i}</a></li>`,
    ).join("");
    const { text, type } = main(
      `<html><body>${CHROME_TOP}<main><h1>Tomato sauces</h1><p>Our collection. ${SENTENCE}</p>
       <ul class="recipe-list">${entries}</ul></main>${CHROME_BOTTOM}</body></html>`,
      "https://food.example.com/category/tomato-sauces",
    );
    expect(type).toBe("collection");
    expect(text).toContain("Our collection.");
    for (let i = 0; i < 10; i++) expect(text).toContain(`sauce number ${i}`);
    for (const junk of ["Alpha", "cookies", "Terms"]) expect(text).not.toContain(junk);
  });

  it("keeps a collection's grid of products and leaves out the navigation", () => {
    const items = Array.from(
      { length: 8 },
      (_, i) =>
        `<li class="product-card"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""><h3>Lamp model ${i}</h3></a><span class="price">$${20 + i}.00</span></li>`,
    ).join("");
    const { text, type } = main(
      `<html><head><meta property="og:type" content="product.group"></head><body>${CHROME_TOP}
       <main><h1>Lamps</h1><ul class="grid">${items}</ul></main>${CHROME_BOTTOM}</body></html>`,
      "https://shop.example.com/collections/lamps",
    );
    expect(type).toBe("collection");
    expect(text).toContain("Lamp model 0");
    expect(text).toContain("Lamp model 7");
    expect(text).toContain("$27.00");
    for (const junk of ["Alpha", "Terms"]) expect(text).not.toContain(junk);
  });

  it("leaves out a grid of related stories beside an article", () => {
    const related = Array.from(
      { length: 5 },
      (_, i) =>
        `<li class="teaser"><a href="/s/${i}"><img src="/t/${i}.jpg" alt=""><h4>Other story ${i}</h4></a><p>What happened next in town, and why it matters, in brief.</p></li>`,
    ).join("");
    const article = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i + 1}. ${SENTENCE}</p>`).join("");
    const { text } = main(
      `<body>${CHROME_TOP}<div class="layout"><div class="story"><h1>Title</h1>${article}</div>
       <div class="more"><h3>More news</h3><ul>${related}</ul></div></div>${CHROME_BOTTOM}</body>`,
    );
    expect(text).toContain("Paragraph 1.");
    expect(text).toContain("Paragraph 6.");
    expect(text).not.toContain("Other story");
  });

  it("keeps a section whose anchor id happens to contain a furniture word", () => {
    const section = (id: string, name: string) =>
      `<div class="section" id="${id}"><h2>${name}</h2><p>${name}. ${SENTENCE}</p><p>${SENTENCE}</p></div>`;
    const { text } = main(
      `<body><div class="doc">${section("intro", "Intro")}${section("setup", "Setup")}${section("usage", "Usage")}
       ${section("sharing-with-a-single-developer", "Sharing")}${section("conclusion", "Conclusion")}</div></body>`,
    );
    expect(text).toContain("Sharing. The text");
    expect(text).toContain("Conclusion. The text");
  });

  it("keeps once the text a page repeats in separate places, and a refrain that repeats in place", () => {
    const description = "A soft cotton shirt with a relaxed fit, double-stitched hems, and a ribbed collar.";
    const { text } = main(
      `<body><div class="product"><h1>Shirt</h1><div class="mobile"><p>${description}</p></div>
       <div class="desktop"><p>${description}</p></div>
       <div class="lyrics"><p>And the river runs down to the sea, to the sea.</p><p>${SENTENCE}</p><p>And the river runs down to the sea, to the sea.</p></div></div></body>`,
    );
    expect(text.split("A soft cotton shirt").length - 1).toBe(1);
    expect(text.split("And the river runs").length - 1).toBe(2);
  });

  it("shows a page's noscript content when it is the page, and ignores escaped markup in noscript", () => {
    const posts = Array.from({ length: 3 }, (_, i) => `<p>Crawler post ${i}. ${SENTENCE}</p>`).join("");
    expect(main(`<body><div id="app"></div><noscript>${posts}</noscript></body>`).text).toContain(
      "Crawler post 2.",
    );
    const { text } = main(
      `<body><article><p>Real story. ${SENTENCE}</p></article><noscript>&lt;img src="https://tracker.example/pixel?${"x".repeat(400)}"&gt;</noscript></body>`,
    );
    expect(text).toContain("Real story.");
    expect(text).not.toContain("tracker");
  });

  it("does not take an application shell's one-line noscript notice for its content", () => {
    const shell = `<body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body>`;
    expect(main(shell).text).not.toContain("enable JavaScript");
  });

  it("keeps the content's first level-one heading (the page's headline) and demotes the others", () => {
    const found = findMainContent(
      parseDocument(
        `<body><article><h1>Title</h1><p>${SENTENCE}</p><h1>Second part</h1><p>${SENTENCE}</p></article></body>`,
      ),
      "https://example.com/",
    );
    const headings: string[] = [];
    const walk = (el: typeof found.root): void => {
      if (/^h[1-6]$/.test(el.tag)) headings.push(`${el.tag} ${el.textContent}`);
      for (const child of el.elementChildren) walk(child);
    };
    walk(found.root);
    expect(headings).toEqual(["h1 Title", "h2 Second part"]);
  });

  it("keeps a card's summary shown in a link hidden only from screen readers, and still drops hidden text", () => {
    const cards = Array.from(
      { length: 4 },
      (_, i) =>
        `<article class="story"><h2><a href="/s/${i}">Story title number ${i}</a></h2>` +
        `<p><a href="/s/${i}" aria-hidden="true" tabindex="-1">Summary ${i}. ${SENTENCE}</a></p>` +
        `<div aria-hidden="true">Hidden note ${i}</div></article>`,
    ).join("");
    const { text } = main(
      `<html><body>${CHROME_TOP}<main><h1>Stories</h1>${cards}</main>${CHROME_BOTTOM}</body></html>`,
    );
    for (let i = 0; i < 4; i++) expect(text).toContain(`Summary ${i}.`);
    expect(text).not.toContain("Hidden note");
  });

  it("keeps every short part of a documentation page's region (a reference's one-line linked entries)", () => {
    const prose = Array.from({ length: 4 }, (_, i) => `<p>Section ${i}. ${SENTENCE} ${SENTENCE}</p>`).join(
      "",
    );
    const entries = ["parse", "render", "escape", "resolve"]
      .map((name) => `<li><a href="/docs/api/${name}">${name}()</a></li>`)
      .join("");
    const { text, type } = main(
      `<html><body>${CHROME_TOP}<main><h1>API</h1>${prose}<ul class="api">${entries}</ul></main>${CHROME_BOTTOM}</body></html>`,
      "https://example.com/docs/api",
    );
    expect(type).toBe("documentation");
    for (const name of ["parse()", "render()", "escape()", "resolve()"]) expect(text).toContain(name);
    expect(text).not.toContain("Alpha");
  });

  it("keeps a landing page's grid of sections that link nowhere, not a grid of teasers to other pages", () => {
    const features = ["Fast", "Private", "Shared", "Offline"]
      .map(
        (name) =>
          `<div class="feature"><h3>${name} feature</h3><p>${name} pages for every team, with words enough.</p></div>`,
      )
      .join("");
    const teasers = ["One", "Two", "Three", "Four"]
      .map(
        (name) =>
          `<div class="card"><h3><a href="/blog/${name}">Story ${name}</a></h3><p>${name} more news for every team, with words enough.</p></div>`,
      )
      .join("");
    const faq = Array.from({ length: 2 }, (_, i) => `<p>Answer ${i}. ${SENTENCE} ${SENTENCE}</p>`).join("");
    const { text } = main(
      `<html><body>${CHROME_TOP}<main><section class="hero"><h1>Our service</h1></section>
       <section class="features">${features}</section><section class="faq"><h2>Questions</h2>${faq}</section>
       <section class="blog">${teasers}</section></main>${CHROME_BOTTOM}</body></html>`,
      "https://example.com/",
    );
    expect(text).toContain("Answer 1.");
    for (const name of ["Fast", "Private", "Shared", "Offline"]) expect(text).toContain(`${name} feature`);
    expect(text).not.toContain("Story One");
  });

  it("leaves out a product's priced purchase options that link nowhere, and keeps its feature grid", () => {
    const features = ["Waterproof", "Padded", "Light", "Roomy"]
      .map(
        (name) =>
          `<div class="feature"><h3>${name} pack</h3><p>${name} by design, for long days outdoors.</p></div>`,
      )
      .join("");
    const variants = ["Blue 40L", "Black 40L", "Khaki 50L", "Green 50L"]
      .map(
        (name, i) =>
          `<div class="variant-row"><span>${name} variant ${i}</span><span>$${39 + i}.99 each</span><span>Qty 0</span></div>`,
      )
      .join("");
    const { text, type } = main(
      `<html><head><script type="application/ld+json">{"@type":"Product","name":"Hiking pack"}</script></head>
       <body>${CHROME_TOP}<main><h1>Hiking pack</h1><p>$39.99</p><div class="description"><p>Description. ${SENTENCE} ${SENTENCE}</p><p>${SENTENCE} ${SENTENCE}</p></div>
       <section class="features">${features}</section><div class="variants">${variants}</div></main>${CHROME_BOTTOM}</body></html>`,
      "https://shop.example.com/products/hiking-pack",
    );
    expect(type).toBe("product");
    expect(text).toContain("Description.");
    for (const name of ["Waterproof", "Padded", "Light", "Roomy"]) expect(text).toContain(`${name} pack`);
    expect(text).not.toContain("variant");
  });

  it("leaves out a paragraph hidden on its own, however long", () => {
    const { text } = main(
      `<html><body><article><h1>Tide tables</h1><p>Shown. ${SENTENCE} ${SENTENCE}</p>
       <h2>Second part</h2><p style="display: none">Concealed. ${SENTENCE} ${SENTENCE}</p>
       <h2>Third part</h2><p hidden>Withheld. ${SENTENCE} ${SENTENCE}</p></article></body></html>`,
    );
    expect(text).toContain("Shown.");
    for (const hidden of ["Concealed.", "Withheld."]) expect(text).not.toContain(hidden);
  });

  it("keeps a content block hidden until a script reveals it, when the page hides its menus too", () => {
    const menu = (name: string) =>
      `<div class="mega-menu" style="display: none">${Array.from({ length: 40 }, (_, i) => `<a href="/${name}/${i}">${name} shelf ${i}</a>`).join(" ")}</div>`;
    const { text } = main(
      `<html><body>${CHROME_TOP}${menu("Vitamins")}${menu("Snacks")}${menu("Beauty")}
       <div class="deferred-block" style="display: none"><h1>Almond thins</h1><p>$2.88</p>
       <p>Overview. ${SENTENCE} ${SENTENCE}</p></div>
       <div class="popup" style="display: none"><p>Email a friend. ${SENTENCE}</p></div>${CHROME_BOTTOM}</body></html>`,
      "https://shop.example.com/pr/almond-thins/61856",
    );
    expect(text).toContain("Overview.");
    for (const junk of ["shelf", "Email a friend"]) expect(text).not.toContain(junk);
  });
});
