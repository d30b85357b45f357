import { describe, expect, it } from "vitest";
import { render } from "./rendered.test.support.js";

describe("headings and paragraphs", () => {
  it("writes ATX headings on one line and drops empty ones", () => {
    expect(render("<h1>Title</h1><h2>  Sub\n  title </h2><h3></h3><h6>Six</h6><p>Text</p>")).toBe(
      "# Title\n\n## Sub title\n\n###### Six\n\nText",
    );
  });

  it("drops characters a reader never sees, and paragraphs made only of them", () => {
    expect(
      render(
        "<p>\u200bTide\u00adtable \u00adfor\u2028the\ufeff port</p><p>&zwj;</p><p>\u200c<br>\u200c<br>\u200c</p>" +
          "<h2>\u200d</h2><p>Crew: \u{1F469}\u200d\u{1F692} and \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645</p>",
      ),
    ).toBe(
      "Tide\u00adtable for the port\n\nCrew: \u{1F469}\u200d\u{1F692} and \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
    );
  });

  it("drops paragraphs of only separators or control glyphs, and keeps ratings, omissions and markdown's own characters", () => {
    expect(
      render(
        "<p>Tides</p><p> | </p><p>•</p><p><span>×</span></p><p><i>×</i></p><p>\ue023</p><p>—</p><p>----</p><p>/<br>·</p>" +
          "<p>Boats<br>/<br>Piers</p><p>★★★★☆</p><p>…</p><p>$</p><p>\u200e</p><p>*</p><p>~</p><p>___</p>",
      ),
    ).toBe("Tides\n\nBoats  \n/  \nPiers\n\n★★★★☆\n\n…\n\n$\n\n\\*\n\n~\n\n\\_\\_\\_");
  });

  it("writes a heading holding only a picture as the picture, and drops one of only punctuation", () => {
    expect(
      render(
        '<h2><strong><img src="/logo.png" alt="Harbour Trust"></strong></h2><h3><a href="/map"><img src="/map.png"></a></h3>' +
          "<h3>•</h3><h3>|</h3><h2>Tides</h2><h3>#</h3>",
      ),
    ).toBe(
      "![Harbour Trust](https://example.com/logo.png)\n\n[![](https://example.com/map.png)](https://example.com/map)\n\n## Tides\n\n### \\#",
    );
  });

  it("drops an icon or a decorative picture beside a heading's words, and keeps a described one", () => {
    expect(
      render(
        '<h3><img src="/arrow.svg" alt=""> Weight</h3><h2>Top <a href="/x"><img src="/i.png"></a> picks</h2>' +
          '<h2>Made by <img src="/acme.png" alt="Acme"></h2>',
      ),
    ).toBe("### Weight\n\n## Top picks\n\n## Made by ![Acme](https://example.com/acme.png)");
  });

  it("shows a heading or line drawn again in another container once, and keeps the author's repeats", () => {
    const paragraph = "The harbour master counted forty boats leaving before dawn. ".repeat(4).trim();
    expect(
      render(
        `<div class="desktop"><h2>Berths</h2></div><div class="mobile"><h2>Berths</h2><p>$9 a night</p></div>` +
          `<div><p>$9 a night</p></div><h3>Tides</h3><h3>Tides</h3>` +
          `<div><p>${paragraph}</p></div><div><p>${paragraph}</p></div>`,
      ),
    ).toBe(`## Berths\n\n$9 a night\n\n### Tides\n\n### Tides\n\n${paragraph}\n\n${paragraph}`);
  });

  it("collapses whitespace and keeps <br> as a hard break", () => {
    expect(render("<p>one\n   two<br>three</p>")).toBe("one two  \nthree");
  });

  it("escapes text that would read as markup", () => {
    expect(render("<p>1. not a list</p><p># not a heading</p><p>*not emphasis* and [x](y)</p>")).toBe(
      "1\\. not a list\n\n\\# not a heading\n\n\\*not emphasis\\* and \\[x\\](y)",
    );
  });

  it("never lets the page's text make a link, whether its brackets sit in one text or in several", () => {
    // Split over elements, a `[` in one text and `](target)` in the next would meet in the markdown: the
    // `]` is escaped, so the `[` opens nothing.
    expect(render("<p><span>[click</span><span>](javascript:alert(1))</span></p>")).toBe(
      "[click\\](javascript:alert(1))",
    );
    expect(render("<p><span>[a</span><span>]: https://elsewhere.example/</span></p>")).toBe(
      "[a\\]: https://elsewhere.example/",
    );
    // Inside a link the innermost link wins: `[a](b)` in its text would replace it by a link to b.
    expect(render('<p><a href="/x">[a](javascript:alert(1))</a></p>')).toBe(
      "[\\[a\\]\\(javascript:alert(1))](https://example.com/x)",
    );
    expect(render('<p><a href="/x">[a]<span>(b)</span></a></p>')).toBe("[\\[a\\](b)](https://example.com/x)");
    // Paired brackets that nothing could follow stay as written; unpaired ones are escaped.
    expect(render('<p><a href="/x">link [with] brackets and ] one</a></p>')).toBe(
      "[link [with] brackets and \\] one](https://example.com/x)",
    );
  });
});

describe("escapes only where markdown needs them", () => {
  it("leaves a star or underscore between spaces, and a tilde that cannot strike, as they are", () => {
    expect(
      render(
        "<p>loss = a * b + c _ d, about ~10 years, 5 ~ 6</p><p>* starts a line</p><p>~a and b~ struck, x~y</p>",
      ),
    ).toBe(
      "loss = a * b + c _ d, about ~10 years, 5 ~ 6\n\n\\* starts a line\n\n\\~a and b\\~ struck, x\\~y",
    );
  });

  it("escapes every bracket of an image's alt text, paired or not", () => {
    expect(render('<p><a href="/b"><img src="/i.png" alt="Best boxes [Tested]"></a></p>')).toBe(
      "[![Best boxes \\[Tested\\]](https://example.com/i.png)](https://example.com/b)",
    );
  });

  it("keeps escaping what could open emphasis or strike through", () => {
    expect(render("<p>a *b* c_d_ e ~~f~~ and ~g h~</p>")).toBe(
      "a \\*b\\* c_d\\_ e \\~\\~f\\~\\~ and \\~g h\\~",
    );
  });
});

describe("inline markup", () => {
  it("writes bold, italic, strikethrough and inline code", () => {
    expect(render("<p><strong>b</strong> <em>i</em> <del>d</del> <s>s</s> <code>c()</code></p>")).toBe(
      "**b** *i* ~~d~~ ~~s~~ `c()`",
    );
  });

  it("fences inline code longer than the backticks inside it", () => {
    expect(render("<p><code>a ` b</code></p>")).toBe("``a ` b``");
  });

  it("merges adjacent emphasis and code instead of writing **a****b**", () => {
    expect(render("<p><b>a</b><b>b</b> <code>x</code><code>y</code></p>")).toBe("**ab** `xy`");
  });

  it("joins emphasis split across elements that are not siblings (a drop letter in bold, then the word)", () => {
    expect(render("<ul><li><b>S</b><span><strong>pecific</strong> – state the goal</span></li></ul>")).toBe(
      "- **Specific** – state the goal",
    );
    expect(render("<p><s>was</s><span><del>n't</del></span> there</p>")).toBe("~~wasn't~~ there");
    // Emphasis closing inside emphasis (`***`) and an escaped star are not markers to join.
    expect(render("<p><b><i>x</i></b><span><i>y</i></span></p>")).not.toContain("***x**y*");
    expect(render("<p><i>x</i>*<span><i>y</i></span></p>")).toBe("*x*\\**y*");
  });
});

describe("definition lists", () => {
  it("writes a plain term in bold over its definition, and a term with markup of its own as it is", () => {
    expect(
      render(
        "<dl><dt>Weight</dt><dd>2 kg</dd><dt>Colour</dt><dt>Finish</dt><dd>Oak</dd>" +
          "<dt><code>open(file, *, mode)</code></dt><dd>Opens a file.</dd></dl>",
      ),
    ).toBe("**Weight**\n\n2 kg\n\n**Colour**\n\n**Finish**\n\nOak\n\n`open(file, *, mode)`\n\nOpens a file.");
  });
});

describe("blockquotes", () => {
  it("quotes every line, nested quotes included", () => {
    expect(render("<blockquote><p>One</p><blockquote><p>Two</p></blockquote><p>Three</p></blockquote>")).toBe(
      "> One\n>\n> > Two\n>\n> Three",
    );
  });
});

describe("links and images", () => {
  it("shows a caption that repeats the image's alt text once, as the caption", () => {
    expect(
      render(
        '<figure><img src="/boat.jpg" alt="The *Seagull* at dawn"><figcaption>The <i>Seagull</i> at dawn</figcaption></figure>',
      ),
    ).toBe("![](https://example.com/boat.jpg)\n\nThe *Seagull* at dawn");
    // Another caption keeps the alt text.
    expect(
      render(
        '<figure><img src="/boat.jpg" alt="A boat"><figcaption>Photo: harbour trust</figcaption></figure>',
      ),
    ).toBe("![A boat](https://example.com/boat.jpg)\n\nPhoto: harbour trust");
  });

  it("shows an image drawn again in another container once, the copy with alt text", () => {
    expect(
      render(
        '<div><img src="/chevron.svg"></div><div><img src="/chevron.svg"></div>' +
          '<div><img src="/map.png"></div><div><a href="/m"><img src="/map.png" alt="Harbour map"></a></div>',
      ),
    ).toBe(
      "![](https://example.com/chevron.svg)\n\n[![Harbour map](https://example.com/map.png)](https://example.com/m)",
    );
    // Images side by side in one container are the author's (a gallery of one picture, a test card).
    expect(render('<p><img src="/a.png"></p><p><img src="/a.png" alt="A"></p>')).toBe(
      "![](https://example.com/a.png)\n\n![A](https://example.com/a.png)",
    );
  });

  it("takes a lazy loader's real source over its stand-in, and drops an image that is only a stand-in", () => {
    expect(
      render(
        '<p><img class="lazyload" src="/img/ph-rect.png" data-src="/photos/boat.jpg" alt="Boat"></p>' +
          '<p><img src="/plugins/lazy-load/images/1x1.trans.gif" srcset="/pier-700.jpg 700w, /pier-210.jpg 210w" alt="Pier"></p>' +
          '<p><img src="/theme/img/loading.svg" alt="Crane"> <img src="/assets/grey-placeholder.png" alt="Dock"></p>',
      ),
    ).toBe("![Boat](https://example.com/photos/boat.jpg)\n\n![Pier](https://example.com/pier-700.jpg)");
  });

  it("reads a srcset as the standard does: addresses holding commas stay whole, and a src holding a whole srcset gives its first address", () => {
    expect(
      render(
        '<p><img srcset="/upload/w_300,h_200/quay.jpg 300w, /upload/w_600,h_400/quay.jpg 600w" alt="Quay"></p>' +
          '<p><img src="/500w/tee.jpg?c=1 1000w, /625w/tee.jpg?c=1 1250w" srcset="/500w/tee.jpg?c=1 1000w" alt="Tee"></p>' +
          '<p><img data-src="/a-1x.png 1x, /a-2x.png 2x" alt="Anchor"> <img src="/my photo 2x.png" alt="Spaced"></p>',
      ),
    ).toBe(
      "![Quay](https://example.com/upload/w_300,h_200/quay.jpg)\n\n" +
        "![Tee](https://example.com/500w/tee.jpg?c=1)\n\n" +
        "![Anchor](https://example.com/a-1x.png) ![Spaced](https://example.com/my%20photo%202x.png)",
    );
  });

  it("writes a word split over two links to one address as one link", () => {
    expect(render('<p>Call the <a href="/c">harbour mas</a><a href="/c">ter</a> today.</p>')).toBe(
      "Call the [harbour master](https://example.com/c) today.",
    );
    // Another address, a space between, or a new word keep the links apart (a capital after a letter
    // starts a word the stylesheet set apart: a space goes between, see word-gaps.ts).
    expect(
      render(
        '<p><a href="/a">One</a><a href="/b">two</a> <a href="/b">Two</a><a href="/b">Three</a> <a href="/b">four</a></p>',
      ),
    ).toBe(
      "[One](https://example.com/a)[two](https://example.com/b) [Two](https://example.com/b) [Three](https://example.com/b) [four](https://example.com/b)",
    );
  });

  it("makes links and images absolute against the page URL", () => {
    expect(
      render('<p><a href="other.html">rel</a> <a href="/root">root</a> <img src="img/a.png" alt="A"></p>'),
    ).toBe(
      "[rel](https://example.com/dir/other.html) [root](https://example.com/root) ![A](https://example.com/dir/img/a.png)",
    );
  });

  it("resolves against <base href>, itself relative to the page", () => {
    const page =
      '<html><head><base href="/static/v2/"></head><body><p><a href="x">x</a> <img src="y.png" alt=""></p></body></html>';
    expect(render(page)).toBe(
      "[x](https://example.com/static/v2/x) ![](https://example.com/static/v2/y.png)",
    );
    const absolute =
      '<html><head><base href="https://cdn.example.net/a/"></head><body><p><a href="b">b</a></p></body></html>';
    expect(render(absolute)).toBe("[b](https://cdn.example.net/a/b)");
  });

  it("leaves out empty links, dead links and tracking junk", () => {
    expect(
      render(
        '<p>A<a href="/x"></a> <a href="javascript:void(0)">js</a> <a href="#">top</a> ' +
          '<a href="/p?utm_source=news&amp;id=7&amp;fbclid=abc">kept</a>' +
          '<img src="/pixel.gif" width="1" height="1"> <img src="data:image/gif;base64,R0lGOD"></p>',
      ),
    ).toBe("A js top [kept](https://example.com/p?id=7)");
  });

  it("leaves out a script link hidden by a tab or a line break in its scheme, as a browser reads it", () => {
    expect(
      render(
        '<p>A <a href="java&#x09;script:alert(1)">tab</a> <a href=" JaVa&#10;ScRiPt:alert(1)">break</a> ' +
          '<img src="da&#9;ta:image/gif;base64,R0lGOD" alt="pixel"></p>',
      ),
    ).toBe("A tab break");
  });

  it("drops a heading's permalink but keeps a link that is the heading", () => {
    expect(render('<h2 id="s">Setup <a href="#s">#</a></h2><h2><a href="/guide">Guide</a></h2>')).toBe(
      "## Setup\n\n## [Guide](https://example.com/guide)",
    );
  });

  it("uses a lazy image's real source and keeps titles", () => {
    expect(
      render('<img src="data:image/gif;base64,AAAA" data-src="/big.jpg" alt="Big" title="A big one">'),
    ).toBe('![Big](https://example.com/big.jpg "A big one")');
  });

  it("encodes parentheses so the address ends where it should", () => {
    expect(render('<a href="/wiki/A_(b)">A</a>')).toBe("[A](https://example.com/wiki/A_%28b%29)");
  });
});

describe("what is not content", () => {
  it("drops scripts, styles, templates, forms controls and SVG", () => {
    expect(
      render(
        "<script>alert(1)</script><style>p{}</style><template><p>t</p></template>" +
          "<p>Text<svg><text>svg</text></svg></p><input value=x><button>Go</button>",
      ),
    ).toBe("Text");
  });
});

describe("hostile input", () => {
  it("bounds the prefix that nested quotes and lists give each line, keeping the text past it", () => {
    // Each level's prefix repeats on every line inside: 200 quotes deep, 640 KB of page made 40 MB.
    const paragraphs = Array.from({ length: 50 }, (_, i) => `<p>line ${i}</p>`).join("");
    const quotes = render(`${"<blockquote>".repeat(200)}${paragraphs}`);
    const lists = render(`${"<ul><li>item".repeat(200)}${paragraphs}`);
    const numbered = render(`${'<ol start="999000000"><li>item'.repeat(200)}${paragraphs}`);
    for (const markdown of [quotes, lists, numbered]) {
      const prefixes = markdown
        .split("\n")
        .map((line) => /^[ >]*(?:(?:[-*]|\d+[.)]) )?/.exec(line)![0].length);
      expect(Math.max(...prefixes)).toBeLessThanOrEqual(32);
      // Past the bound, the words stay, a paragraph's apart from the next's.
      expect(markdown).toContain("line 48 line 49");
    }
    // Within the bound, nesting is written as it is.
    expect(render("<blockquote><blockquote><p>a</p></blockquote></blockquote>")).toBe("> > a");
    expect(render("<ul><li>a<ul><li>b<ul><li>c</li></ul></li></ul></li></ul>")).toBe("- a\n  - b\n    - c");
  });

  it("writes bullets for a list whose numbers CommonMark would not read (ten digits or more)", () => {
    expect(render('<ol start="999999998"><li>a</li><li>b</li></ol>')).toBe("999999998. a\n999999999. b");
    expect(render('<ol start="999999998"><li>a</li><li>b</li><li>c</li></ol>')).toBe("- a\n- b\n- c");
  });

  it("renders 20,000 nested elements without overflowing the stack", () => {
    const html = "<div>".repeat(20_000) + "deep" + "</div>".repeat(20_000);
    expect(render(html)).toBe("deep");
    const inline = "<b><i>".repeat(10_000) + "x" + "</i></b>".repeat(10_000);
    expect(render(inline)).toContain("x");
  });

  it("escapes a long text of brackets or of tildes in one pass, not one scan of the rest per mark", () => {
    // Each `[` once looked for a `]` after it, each `~` after a space for a closer: quadratic in the text,
    // these took minutes.
    const brackets = "a[".repeat(1_000_000);
    expect(render(`<p>${brackets}</p>`) === brackets).toBe(true);
    const tildes = "x" + " ~a".repeat(300_000);
    expect(render(`<p>${tildes}</p>`) === tildes).toBe(true);
    expect(render("<p>about ~10 or ~20 years~ ago</p>")).toBe("about \\~10 or \\~20 years\\~ ago");
  });
});
