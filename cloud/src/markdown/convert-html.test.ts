import { describe, expect, it } from "vitest";
import { convertHtmlToMarkdown } from "./convert-html.js";

const PARAGRAPHS = [
  "The committee met on Tuesday to review the proposal, which had been circulated to members a week earlier, and to hear from the residents who had asked to speak.",
  "Several speakers raised concerns about traffic, noise and the loss of green space, while others argued that the project would bring jobs, housing and a new library to the area.",
  "After two hours of debate, the committee voted to defer a decision until its next meeting, asking the developer to return with a revised plan and an independent traffic study.",
];

/** A news-like page: the article inside the usual chrome (navigation, banner, share bar, related links, footer). */
function articlePage(options: { head?: string; article: string; title?: string }): string {
  return `<!doctype html><html><head><title>${options.title ?? "Committee defers vote on riverside plan | The Daily Example"}</title>
${options.head ?? ""}
<style>body { font: 16px serif }</style><script>window.analytics = {};</script></head><body>
<header class="site-header"><a href="/">The Daily Example</a><nav><ul><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/opinion">Opinion</a></li></ul></nav></header>
<div id="cookie-consent" class="cookie-banner">We use cookies to improve your experience. <button>Accept all</button> <a href="/privacy">Privacy policy</a></div>
<main><article class="post">
<h1>Committee defers vote on riverside plan</h1>
${options.article}
<div class="share-buttons"><a href="https://twitter.com/share">Share on Twitter</a> <a href="https://facebook.com/share">Share on Facebook</a></div>
</article>
<aside class="related"><h3>Related stories</h3><ul><li><a href="/a">Council budget approved</a></li><li><a href="/b">New bridge opens</a></li><li><a href="/c">Library hours extended</a></li></ul></aside>
</main>
<footer class="site-footer"><p>© 2024 The Daily Example. All rights reserved.</p><a href="/terms">Terms</a> <a href="/contact">Contact us</a></footer>
<script>trackPageView();</script>
</body></html>`;
}

const ARTICLE = PARAGRAPHS.map((p) => `<p>${p}</p>`).join("\n");
const URL_ = "https://news.example.com/2024/05/committee-defers-vote";

describe("convertHtmlToMarkdown: main content", () => {
  const { markdown, title } = convertHtmlToMarkdown(articlePage({ article: ARTICLE }), URL_);

  it("leads with the title (site name cut off) as a level-one heading, not repeated by the article's <h1>", () => {
    expect(title).toBe("Committee defers vote on riverside plan");
    expect(markdown.startsWith("# Committee defers vote on riverside plan\n\n")).toBe(true);
    expect(markdown.match(/^# /gm)).toHaveLength(1);
    expect(markdown).not.toContain("## Committee defers vote");
  });

  it("keeps the article text", () => {
    for (const paragraph of PARAGRAPHS) expect(markdown).toContain(paragraph);
  });

  it("leaves out scripts, styles, navigation, cookie banner, share widget, related links and footer", () => {
    for (const junk of [
      "analytics",
      "font:",
      "trackPageView",
      "Sport",
      "Opinion",
      "cookies",
      "Accept all",
      "Share on Twitter",
      "Related stories",
      "New bridge opens",
      "All rights reserved",
      "Contact us",
    ]) {
      expect(markdown, junk).not.toContain(junk);
    }
  });

  it("ends with one newline and has no runs of blank lines", () => {
    expect(markdown.endsWith(".\n")).toBe(true);
    expect(markdown).not.toMatch(/\n{3,}/);
  });

  it("does not end on a heading whose section went as furniture (a sign-up form under it)", () => {
    const signUp = `<h2>Get our weekly newsletter</h2><form action="/subscribe"><input type="email" name="email"><button>Sign up</button></form>`;
    const { markdown: withForm } = convertHtmlToMarkdown(articlePage({ article: ARTICLE + signUp }), URL_);
    expect(withForm).toContain(PARAGRAPHS[2]);
    expect(withForm).not.toContain("newsletter");
  });
});

describe("convertHtmlToMarkdown: buttons", () => {
  const button = `<p><a href="/newsroom">Back to the newsroom</a></p>`;

  it("leaves out a short link standing alone at the end of an article (a button)", () => {
    const { markdown } = convertHtmlToMarkdown(articlePage({ article: ARTICLE + button }), URL_);
    expect(markdown).toContain(PARAGRAPHS[2]);
    expect(markdown).not.toContain("Back to the newsroom");
  });

  it("keeps it on a collection's page, where a link alone is an item, and in the whole body", () => {
    const shop = "https://shop.example.com/collections/notices";
    expect(convertHtmlToMarkdown(articlePage({ article: ARTICLE + button }), shop).markdown).toContain(
      "Back to the newsroom",
    );
    const whole = convertHtmlToMarkdown(articlePage({ article: ARTICLE + button }), URL_, {
      mainContent: false,
    });
    expect(whole.markdown).toContain("Back to the newsroom");
  });
});

describe("convertHtmlToMarkdown: content kinds survive extraction", () => {
  const article = `${ARTICLE}
<h2>The proposal in numbers</h2>
<table><tr><td>Homes</td><td>240</td></tr><tr><td>Parking spaces</td><td>95</td></tr><tr><td>Cost | estimate</td><td>£41m</td></tr></table>
<p>The plan lists its phases, and the developer has published the code of its traffic model, which the committee wants checked.</p>
<ol><li>Clear the site</li><li>Build the library<ul><li>Reading room</li><li>Archive</li></ul></li><li>Build the homes</li></ol>
<pre><code class="language-python">def trips(homes):
    return homes * 2.4</code></pre>
<blockquote><p>We are not against building, we are against building badly, said one resident at the meeting.</p></blockquote>
<p>The original date, <del>June 4</del> June 18, was moved. Read <a href="../plans/riverside.pdf">the full plan</a> or see <img src="/img/site.jpg" alt="The site"> the site.</p>`;
  const { markdown } = convertHtmlToMarkdown(articlePage({ article }), URL_);

  it("keeps headings, lists, code with its language, quotes and strikethrough", () => {
    expect(markdown).toContain("## The proposal in numbers");
    expect(markdown).toContain(
      "1. Clear the site\n2. Build the library\n   - Reading room\n   - Archive\n3. Build the homes",
    );
    expect(markdown).toContain("```python\ndef trips(homes):\n    return homes * 2.4\n```");
    expect(markdown).toContain("> We are not against building");
    expect(markdown).toContain("~~June 4~~ June 18");
  });

  it("writes a table without a header row as a pipe table with an empty header, pipes escaped", () => {
    expect(markdown).toContain(
      [
        "|                  |      |",
        "|------------------|------|",
        "| Homes            | 240  |",
        "| Parking spaces   | 95   |",
        "| Cost \\| estimate | £41m |",
      ].join("\n"),
    );
  });

  it("makes links and images absolute against the final URL", () => {
    expect(markdown).toContain("[the full plan](https://news.example.com/2024/plans/riverside.pdf)");
    expect(markdown).toContain("![The site](https://news.example.com/img/site.jpg)");
  });
});

describe("convertHtmlToMarkdown: pictures", () => {
  it("shows a picture once: a gallery's thumbnail strip under its slides goes", () => {
    const shot = (width: number, name: string) => `<img src="/img/${width}w/${name}.jpg" alt="${name}">`;
    const gallery = `<div class="gallery">${shot(800, "site")}${shot(800, "plan")}</div>`;
    const strip = `<div class="thumbs">${shot(100, "site")}${shot(100, "plan")}</div>`;
    const { markdown } = convertHtmlToMarkdown(articlePage({ article: gallery + strip + ARTICLE }), URL_);
    expect(markdown).toContain("![site](https://news.example.com/img/800w/site.jpg)");
    expect(markdown).toContain("![plan](https://news.example.com/img/800w/plan.jpg)");
    expect(markdown).not.toContain("100w");
  });
});

describe("convertHtmlToMarkdown: <base href>", () => {
  it("resolves links and images against the page's <base href>", () => {
    const page = articlePage({
      head: '<base href="https://static.example.org/assets/">',
      article: `${ARTICLE}<p>Download <a href="report.pdf">the report</a> and see <img src="chart.png" alt="Chart"> for details of the vote.</p>`,
    });
    const { markdown } = convertHtmlToMarkdown(page, URL_);
    expect(markdown).toContain("[the report](https://static.example.org/assets/report.pdf)");
    expect(markdown).toContain("![Chart](https://static.example.org/assets/chart.png)");
  });
});

describe("convertHtmlToMarkdown: titles", () => {
  it("prefers the og:title", () => {
    const page = articlePage({
      head: '<meta property="og:title" content="Vote deferred">',
      article: ARTICLE,
    });
    expect(convertHtmlToMarkdown(page, URL_).markdown.split("\n")[0]).toBe("# Vote deferred");
  });

  it("shows the title once when the page repeats it as a heading below other blocks (a product's name under its gallery)", () => {
    const { markdown } = convertHtmlToMarkdown(
      `<title>Linen Field Jacket</title><p>Free delivery over €50</p><img src="/jacket.jpg" alt="">
      <h1>Linen Field Jacket</h1><p>€132</p><p>${PARAGRAPHS[0]}</p>`,
      URL_,
    );
    expect(markdown.startsWith("# Linen Field Jacket\n\n")).toBe(true);
    expect(markdown.split("Linen Field Jacket")).toHaveLength(2);
    expect(markdown).toContain("Free delivery over €50");
  });

  it("shows the title once when the page repeats it as a line (a breadcrumb's last step)", () => {
    const { markdown } = convertHtmlToMarkdown(
      `<title>Linen Field Jacket</title><p><a href="/">Home</a></p><p><a href="/jackets/linen">Linen Field Jacket</a></p>
      <p>€132</p><p>${PARAGRAPHS[0]}</p>`,
      URL_,
    );
    expect(markdown.split("Linen Field Jacket")).toHaveLength(2);
    expect(markdown).toContain(PARAGRAPHS[0]);
  });

  it("has no heading when the page has no title", () => {
    const { markdown, title } = convertHtmlToMarkdown(`<p>${PARAGRAPHS.join(" ")}</p>`, URL_);
    expect(title).toBeUndefined();
    expect(markdown).toBe(`${PARAGRAPHS.join(" ")}\n`);
  });
});

describe("convertHtmlToMarkdown: small and odd pages", () => {
  it("converts a short page whole (nothing long enough to call an article)", () => {
    const { markdown } = convertHtmlToMarkdown(
      "<title>Hi</title><h1>Hello</h1><p>Short <b>note</b>.</p>",
      URL_,
    );
    expect(markdown).toBe("# Hi\n\n## Hello\n\nShort **note**.\n");
  });

  it("gives empty markdown for an empty page", () => {
    expect(convertHtmlToMarkdown("", URL_)).toEqual({ markdown: "" });
  });

  it("converts the whole body when asked (mainContent: false), chrome still out", () => {
    const { markdown } = convertHtmlToMarkdown(articlePage({ article: ARTICLE }), URL_, {
      mainContent: false,
    });
    expect(markdown).toContain(PARAGRAPHS[0]);
    expect(markdown).not.toContain("Sport");
    expect(markdown).not.toContain("All rights reserved");
  });
});

// A page is hostile input: text shaped to make a loose pattern rescan it from every position (runs of
// brackets, of link openings, of spaces inside emphasis) converts like any other text. The lint rules
// regexp/no-super-linear-* keep the patterns linear; this checks what comes out of such a page.
describe("convertHtmlToMarkdown on text built against its patterns", () => {
  it("keeps runs of brackets, link openings and spaces as the page's text", () => {
    const brackets = "[a".repeat(10_000);
    const openings = "](x".repeat(5_000);
    const html = articlePage({
      article: `${ARTICLE}<p>${brackets}</p><p>${openings}</p><p><b>a${"\u2003".repeat(20_000)}b</b></p>`,
    });
    const { markdown } = convertHtmlToMarkdown(html, URL_);
    expect(markdown).toContain(PARAGRAPHS[2]);
    expect(markdown.replace(/\\/g, "")).toContain(brackets);
    expect(markdown.replace(/\\/g, "")).toContain(openings);
    expect(markdown).toMatch(/\*\*a\s+b\*\*/);
  });
});
