import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { removeBoilerplate } from "./boilerplate.js";
import { appendChild, LightElement, LightText } from "../dom/light-dom.js";
import type { PageType } from "./page-type.js";
import { nest } from "../dom/nested.test.support.js";

const SENTENCE =
  "The text goes on for a while, with commas, clauses, and enough words to read as a paragraph of prose.";
const STORY = Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i + 1}. ${SENTENCE}</p>`).join("");

function kept(body: string, type: PageType = "article"): string {
  const doc = parsePage(`<html><body>${body}</body></html>`).copy();
  removeBoilerplate(doc.body, type);
  return doc.body.textContent.replace(/\s+/g, " ").trim();
}

describe("removeBoilerplate", () => {
  it("removes skip links, and keeps other links to places in the page", () => {
    const text = kept(
      `<a href="#main">Skip to main content</a><a class="skip-link" href="#nav">Navigation</a>
       <main id="main"><ul><li><a href="#part-1">Part one of the story</a></li></ul>${STORY}
       <p>Read about <a href="#part-1">skipping stones</a> below.</p></main>`,
    );
    expect(text).not.toContain("Skip to main content");
    expect(text).not.toContain("Navigation");
    expect(text).toContain("Part one of the story");
    expect(text).toContain("skipping stones");
  });

  it("removes what the page asks search engines never to quote, unless it holds most of the page", () => {
    const text = kept(
      `<main>${STORY}<div class="w-author" data-nosnippet><p>Archie writes about film.</p></div>
       <div class="printfooter" data-nosnippet="">Retrieved from the archive</div></main>`,
    );
    expect(text).toContain("Paragraph 8.");
    for (const gone of ["Archie writes", "Retrieved from"]) expect(text).not.toContain(gone);
    // A paywalled story marked whole stays, and so does the largest part of one marked in parts.
    expect(kept(`<div class="story" data-nosnippet>${STORY}</div><p>Footer line.</p>`)).toContain(
      "Paragraph 8.",
    );
    const part = (n: number) =>
      `<div data-nosnippet><p>Part ${n}. ${SENTENCE.repeat(n === 1 ? 4 : 3)}</p></div>`;
    const parts = kept(`${part(1)}${part(2)}${part(3)}`);
    expect(parts).toContain("Part 1.");
    expect(parts).not.toContain("Part 2.");
  });

  it("removes a live region's message to the visitor, and a documentation page's alert stays", () => {
    const page = `<main>${STORY}<div role="status">Added to your cart</div>
       <p role="alert">Your session has expired. Sign in again.</p></main>`;
    const text = kept(page);
    expect(text).toContain("Paragraph 8.");
    for (const gone of ["Added to your cart", "session has expired"]) expect(text).not.toContain(gone);
    expect(kept(page, "documentation")).toContain("session has expired");
    // Results a page announces as they change, wrapped in a live region, stay.
    expect(kept(`<div role="status" aria-live="polite">${STORY}</div>`)).toContain("Paragraph 8.");
  });

  it("takes 'ad' for an advertisement only at the head of a class name", () => {
    const text = kept(
      `<main>${STORY}</main><div class="ad-slot"><p>Advertisement: buy our vitamins today, the best in town.</p></div>
       <div class="adBanner">Sponsored banner text</div>
       <div class="card hide-read-more-ad"><h3>A story about the sea</h3><p>Card summary. ${SENTENCE}</p></div>`,
    );
    expect(text).toContain("A story about the sea");
    expect(text).toContain("Card summary.");
    for (const junk of ["vitamins", "Sponsored banner"]) expect(text).not.toContain(junk);
  });

  it("removes a byline, a bio box, a signature, a disclaimer, buttons and notices, by their names", () => {
    const text = kept(
      `<article><p class="byline">By Jane Doe</p><span class="timestamp">June 5, 2025</span>${STORY}<div class="author-bio"><p>Jane writes about gardens. ${SENTENCE}</p></div>
       <div class="postSignature">Sent from my phone</div>
       <p class="affiliate_disclaimer">We may earn a commission from links on this page.</p>
       <div class="post-buttons"><a href="/save">Save</a> <a href="/print">Print this story</a></div></article>
       <div class="site-notice">Our offices are closed on Friday for the holiday.</div>
       <div class="announcement-bar">Free returns all month</div>
       <div class="mini-cart"><p>Your cart is empty</p></div>`,
    );
    expect(text).toContain("Paragraph 8.");
    for (const junk of [
      "By Jane Doe",
      "June 5, 2025",
      "Free returns",
      "Your cart",
      "Jane writes",
      "Sent from my phone",
      "commission",
      "Print this story",
      "offices are closed",
    ])
      expect(text).not.toContain(junk);
  });

  it("removes a forum member's title, banner and details beside a post, and keeps the name", () => {
    const post = (name: string) =>
      `<article class="message"><div class="message-userDetails"><h4 class="message-name">${name}</h4>
       <h5 class="userTitle message-userTitle">One Winged Slayer</h5><div class="userBanner"><strong>Member</strong></div></div>
       <div class="message-userExtras"><dl><dt>Joined</dt><dd>Nov 4, 2011</dd><dt>Location</dt><dd>Miami, FL</dd></dl></div>
       <div class="message-body">${STORY}</div></article>`;
    const text = kept(post("Poltergust") + post("TissueBox"), "forum");
    for (const name of ["Poltergust", "TissueBox", "Paragraph 8."]) expect(text).toContain(name);
    for (const junk of ["One Winged Slayer", "Member", "Joined", "Miami"]) expect(text).not.toContain(junk);
  });

  it("matches those names as whole words and spares a wrapper of most of the page", () => {
    const text = kept(
      `<div class="biography"><p>A life. ${SENTENCE}</p></div><div class="bio-page">${STORY}</div>`,
    );
    expect(text).toContain("A life.");
    expect(text).toContain("Paragraph 8.");
  });

  it("removes a form to fill in, but not a form that wraps the content or a product's form to buy", () => {
    const search = `<form action="/search"><label>Search the site</label><input name="q"></form>`;
    const newsletter = `<div class="box"><form><p>Get our weekly letter in your inbox</p><input type="email"></form></div>`;
    const text = kept(`<article>${STORY}</article>${search}${newsletter}`);
    expect(text).toContain("Paragraph 8.");
    for (const junk of ["Search the site", "weekly letter"]) expect(text).not.toContain(junk);

    // A page built as one form (ASP.NET), and a thread inside a moderation form: the form is the page.
    expect(kept(`<form id="aspnetForm"><div class="main">${STORY}</div></form><p>Footer note</p>`)).toContain(
      "Paragraph 8.",
    );
    // Enough beside the thread that the form is not most of the page: it stays for its prose.
    const side = `<div class="side"><p>${SENTENCE} ${SENTENCE}</p></div>`.repeat(8);
    const posts = Array.from(
      { length: 4 },
      (_, i) => `<div class="post"><p>Reply ${i}. ${SENTENCE} ${SENTENCE}</p></div>`,
    );
    const thread = `${side}<form action="/moderate">${posts.join("")}</form>`;
    expect(kept(thread, "forum")).toContain("Reply 3.");
    // A form with nothing to fill in or press is markup for its text (old Reddit's comments, each in a
    // form kept for its author's edits), however short: a hidden input is not a field.
    const comments = [1, 2, 3].map(
      (i) =>
        `<form class="usertext"><input type="hidden" name="thing_id" value="t${i}"><div class="md"><p>Short reply ${i}.</p></div></form>`,
    );
    const fields = `<form><input type="hidden" name="t"><input name="q" role="searchbox"><p>Find a reply</p></form>`;
    const replies = kept(`<article>${STORY}</article>${comments.join("")}${fields}`, "forum");
    for (const i of [1, 2, 3]) expect(replies).toContain(`Short reply ${i}.`);
    expect(replies).not.toContain("Find a reply");

    const buy = `<form action="/cart/add"><span class="price">$25.00</span><label>Size</label><select><option>M</option></select></form>`;
    expect(kept(`<div class="product"><p>${SENTENCE}</p>${buy}</div>`, "product")).toContain("$25.00");
    expect(kept(`<div class="product"><p>${SENTENCE}</p>${buy}</div>`, "article")).not.toContain("$25.00");
  });

  it("leaves the highlighter's token classes inside code alone", () => {
    const code = `<pre><code><span class="hljs-comment">// retry once on timeout</span>
fetchAll(<span class="token comment">/* all pages */</span>)</code></pre>`;
    const text = kept(`<article>${STORY}${code}</article>`);
    expect(text).toContain("retry once on timeout");
    expect(text).toContain("all pages");
  });

  it("removes buyers' reviews on product and collection pages, and keeps a review that is an article", () => {
    const reviews = `<div class="product-reviews"><p>Five stars, the lamp is lovely and bright.</p></div>`;
    const page = `<div class="product">${STORY}</div>${reviews}`;
    expect(kept(page, "product")).not.toContain("Five stars");
    expect(kept(page, "collection")).not.toContain("Five stars");
    expect(kept(page, "article")).toContain("Five stars");
  });

  it("removes a collection's filters and sort controls by their names, and keeps them on other pages", () => {
    const body = `<div class="facets"><h3>Brand</h3><ul><li>Acme (12)</li><li>Globex (4)</li></ul></div>
      <div class="sort-by">Sort: Best match</div><main>${STORY}</main>`;
    const collection = kept(body, "collection");
    for (const junk of ["Acme (12)", "Best match"]) expect(collection).not.toContain(junk);
    expect(collection).toContain("Paragraph 1.");
    expect(kept(body, "article")).toContain("Acme (12)");
  });

  it("removes the site's alerts to its visitor, and keeps a documentation page's alert boxes", () => {
    const body = `<div class="alert alert-danger">Your browser does not seem to support JavaScript.</div>
      <main>${STORY}<div class="utils-alert">Comments are closed for this post.</div></main>`;
    const article = kept(body, "article");
    for (const junk of ["support JavaScript", "Comments are closed"]) expect(article).not.toContain(junk);
    expect(article).toContain("Paragraph 1.");
    const docs = kept(
      `<main>${STORY}<div class="inline-alert">Warning: back up the state file first.</div></main>`,
      "documentation",
    );
    expect(docs).toContain("back up the state file");
  });

  it("spares a hidden wrapper of most of the page only when it holds prose, not a hidden dump of data", () => {
    const fields = Array.from(
      { length: 30 },
      (_, i) =>
        `<dt>thumb_colour_${i}:</dt><dd>https://cdn.example.com/images/shirt/colour-${i}-thumb.jpg</dd>`,
    ).join("");
    const product = kept(
      `<main><h1>Staple tee</h1><p>$20.00</p><p>Description. ${SENTENCE}</p><dl class="product-info hide">${fields}</dl></main>`,
      "product",
    );
    expect(product).toContain("Description.");
    expect(product).not.toContain("thumb_colour_");
    // A page a script reveals: the hiding class is on the wrapper of the whole story.
    expect(kept(`<div class="hide">${STORY}</div><p>Footer line</p>`)).toContain("Paragraph 8.");
  });

  it("removes a header and a sidebar whose story cards are <article>s, and keeps a landmark around the article", () => {
    const card = (title: string) =>
      `<article class="card"><a href="/${title}">${title} in the news</a></article>`;
    const text = kept(
      `<header><div class="mega">${card("Harbour")}${card("Lighthouse")}</div></header>
       <div class="layout"><article>${STORY}</article><aside>${card("Ferry")}</aside></div>`,
    );
    for (const teaser of ["Harbour in the news", "Lighthouse in the news", "Ferry in the news"])
      expect(text).not.toContain(teaser);
    expect(text).toContain("Paragraph 1.");
    const wrapped = kept(`<aside class="page"><article>${STORY}</article></aside><p>Footnote outside.</p>`);
    expect(wrapped).toContain("Paragraph 8.");
  });

  it("removes a page's footer by its tag even when its class names it too and it holds most of the page", () => {
    const testimonials = Array.from(
      { length: 10 },
      (_, i) => `<p>Customer ${i + 1} says: ${SENTENCE}</p>`,
    ).join("");
    const text = kept(
      `<div class="product"><h1>Linen dress</h1><p>A dress of linen. ${SENTENCE}</p></div>
       <footer class="site-footer"><h2>What our clients say</h2>${testimonials}<a href="/about">About us</a></footer>`,
      "product",
    );
    expect(text).toContain("A dress of linen.");
    for (const junk of ["What our clients say", "Customer 10 says", "About us"])
      expect(text).not.toContain(junk);
  });

  it("removes a form's status messages, which show only once it is sent", () => {
    const text = kept(
      `<article>${STORY}<div class="guide-box"><p>Get the guide in your inbox.</p>
       <div class="w-form-done"><div>Thank you! Your submission has been received!</div></div>
       <div class="error-message w-form-fail"><div>Oops! Something went wrong while submitting the form.</div></div>
       <p class="form-note">We answer within a day.</p></div></article>`,
    );
    expect(text).toContain("We answer within a day.");
    for (const junk of ["Thank you!", "Oops!"]) expect(text).not.toContain(junk);
  });

  it("removes a modal window, except on a product page, where it is the sheet of the product's details", () => {
    const page = `<article>${STORY}</article><div class="region-modal"><h3>Region check</h3>
      <p>Please confirm your country or region to ensure you are browsing the correct site.</p></div>
      <div class="product-details-modal"><p>Frame of solid beech, lacquered; wipe clean with a damp cloth.</p></div>`;
    const article = kept(page);
    expect(article).toContain("Paragraph 8.");
    for (const junk of ["Region check", "solid beech"]) expect(article).not.toContain(junk);
    expect(kept(page, "product")).toContain("Frame of solid beech");
    // A story opened over the page holds paragraphs of prose: it is the content.
    const story = kept(`<div class="story-modal">${STORY}</div><div class="front"><p>More stories</p></div>`);
    expect(story).toContain("Paragraph 8.");
  });

  it("spares a wrapper named for a sidebar when it holds the <main>, however little of the page that is", () => {
    const entry = (title: string) =>
      `<article class="post"><h2><a href="/${title}">${title}</a></h2></article>`;
    const menu = Array.from({ length: 30 }, (_, i) => `<li><a href="/m${i}">Menu entry number ${i}</a></li>`);
    const text = kept(
      `<header><ul>${menu.join("")}</ul></header><div class="intro">${STORY}</div>
       <div class="content-sidebar-wrap"><main>${entry("Salmon bites")}${entry("Sweet potato fries")}</main>
       <aside>Newsletter</aside></div><footer><ul>${menu.join("")}</ul></footer>`,
    );
    expect(text).toContain("Salmon bites");
    expect(text).toContain("Sweet potato fries");
    // Without a <main> inside, the name still reads as furniture.
    expect(kept(`${STORY}<div class="sidebar-wrap"><p>Popular now</p></div>`)).not.toContain("Popular now");
  });

  it("keeps the page's only content under a furniture name, less the furniture inside it", () => {
    const chrome = (tag: string) =>
      `<${tag}>${Array.from({ length: 12 }, (_, i) => `<a href="/section-${i}">Section number ${i}</a>`).join(" ")}</${tag}>`;
    const grid = `<section class="related-product">${Array.from(
      { length: 8 },
      (_, i) =>
        `<div class="item"><a href="/p/${i}"><h3>Robotic mower model ${i}</h3><span>$ ${i}99.99</span></a></div>`,
    ).join("")}<div class="share-buttons">Share this page on social media</div></section>`;
    const emptied = kept(`${chrome("header")}${grid}${chrome("footer")}`, "listing");
    expect(emptied).toContain("Robotic mower model 7");
    expect(emptied).toContain("$ 799.99");
    for (const junk of ["Share this page", "Section number"]) expect(emptied).not.toContain(junk);
    // Beside content of its own, a section so named is furniture.
    const beside = kept(`${chrome("header")}<main>${STORY}</main>${grid}${chrome("footer")}`, "listing");
    expect(beside).toContain("Paragraph 8.");
    expect(beside).not.toContain("Robotic mower model");
  });

  it("reads the tree once under landmarks, named wrappers and headers nested 200,000 deep", () => {
    // Each level is spared (it holds the main content, the prose, or sits in the article), so the walk
    // goes into it; asking each level anew read its whole subtree or its ancestors (quadratic: minutes
    // here, where the test timeout is 60 s).
    const nested = (outer: LightElement, tag: string, attrs: Record<string, string>, inner: LightElement) => {
      const level = nest(outer, 200_000, () => new LightElement(tag, new Map(Object.entries(attrs))));
      appendChild(level, inner);
      return outer;
    };
    const paragraph = () => {
      const p = new LightElement("p");
      appendChild(p, new LightText(`Paragraph. ${SENTENCE} ${SENTENCE} ${SENTENCE} ${SENTENCE} ${SENTENCE}`));
      return p;
    };
    const main = new LightElement("main");
    appendChild(main, nested(new LightElement("div"), "div", { class: "menu" }, paragraph()));
    appendChild(main, nested(new LightElement("article"), "header", {}, paragraph()));
    const body = nested(new LightElement("body"), "aside", {}, main);
    removeBoilerplate(body, "article");
    expect(body.textContent.split("Paragraph.").length - 1).toBe(2);
  });
});
