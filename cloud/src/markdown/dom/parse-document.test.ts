import { describe, expect, it } from "vitest";
import { parseDocument } from "./parse-document.js";

describe("parseDocument", () => {
  it("reads a bare <![CDATA[ in the body as a browser does (a bogus comment up to the next >)", () => {
    const doc = parseDocument(
      `<html><head><script type="application/ld+json">{"a": "//<![CDATA[ x > y"}</script></head>` +
        `<body><![CDATA[<div id="top"></div><p>First post</p><p>Second post</p></body></html>`,
    );
    expect(doc.body.textContent).toContain("First post");
    expect(doc.body.textContent).toContain("Second post");
    // Script text is raw: the CDATA inside it is left as written.
    expect(doc.head.textContent).toContain('"//<![CDATA[ x > y"');
  });

  it("leaves CDATA in scripts and styles of any case as written, and reads on past a script never closed", () => {
    const doc = parseDocument(
      `<html><head><STYLE>/*<![CDATA[*/ p > a {} /*]]>*/</STYLE>` +
        `<SCRIPT type="application/ld+json">{"s": "<![CDATA[ a > b"}</Script ></head><body>` +
        `<p>Shown</p><![CDATA[ gone ><p>Also shown</p><script>never closed <![CDATA[ x > <p>after</p></body></html>`,
    );
    expect(doc.head.textContent).toContain('{"s": "<![CDATA[ a > b"}');
    expect(doc.body.textContent).toContain("Shown");
    expect(doc.body.textContent).toContain("Also shown");
    expect(doc.body.textContent).not.toContain("gone");
  });

  it("keeps each element's attributes as a browser reads them: decoded, lowercased, the first of duplicates", () => {
    const doc = parseDocument(
      `<body><a HREF="/a?x=1&amp;y=2" class="one" class="two" data-v='it&#39;s'>A</a>` +
        `<img src="p.png" alt="x"><p id=last>after the image</p></body>`,
    );
    const [a, img, p] = doc.body.elementChildren;
    expect([...a!.attrs]).toEqual([
      ["href", "/a?x=1&y=2"],
      ["class", "one"],
      ["data-v", "it's"],
    ]);
    // A void element holds nothing: what follows it is its sibling.
    expect(img!.children).toEqual([]);
    expect(p!.attr("id")).toBe("last");
    expect(p!.textContent).toBe("after the image");
  });

  it("decodes entities as a browser does: in text and the title, by the attribute rules in values, not in raw text", () => {
    const doc = parseDocument(
      `<head><title>Fish &amp; chips</title><script type="application/ld+json">{"name": "Fish &amp; chips"}</script></head>` +
        `<body><p title="&copy=1 &copy; &amp;x" data-q=a&amp;b>&notit; &amp &#x41;&#66; &lt;p&gt;</p>` +
        `<textarea>&amp;</textarea></body>`,
    );
    expect(doc.head.elementChildren[0]!.textContent).toBe("Fish & chips");
    expect(doc.head.elementChildren[1]!.textContent).toBe('{"name": "Fish &amp; chips"}');
    const [p, textarea] = doc.body.elementChildren;
    // In a value, a legacy entity without ";" before "=" or a letter stays as written (a URL's query).
    expect(p!.attr("title")).toBe("&copy=1 © &x");
    expect(p!.attr("data-q")).toBe("a&b");
    expect(p!.textContent).toBe("¬it; & AB <p>");
    expect(textarea!.textContent).toBe("&amp;");
  });

  it("drops what no reader sees, with all inside it, and keeps the parts that say something", () => {
    const doc = parseDocument(
      `<head><link rel="stylesheet" href="s.css"><link rel="next" href="/page/2">` +
        `<script>var a = "<p>not text</p>";</script><script type="application/ld+json">{"@type":"Thing"}</script></head>` +
        `<body><svg><g><text>drawing</text></g></svg><template id="B:0"><p>later</p></template>` +
        `<template id="menu"><p>menu</p></template><p>kept</p></body>`,
    );
    expect(doc.head.elementChildren.map((el) => [el.tag, el.attr("rel") ?? el.attr("type")])).toEqual([
      ["link", "next"],
      ["script", "application/ld+json"],
    ]);
    // A streamed segment's placeholder stays, empty, with its id alone.
    expect(doc.body.elementChildren.map((el) => [el.tag, el.attr("id"), el.children.length])).toEqual([
      ["template", "B:0", 0],
      ["p", null, 1],
    ]);
    expect(doc.body.textContent).toBe("kept");
  });

  it("keeps an element whose start tag ends the page, cut off or not", () => {
    const doc = parseDocument(`<body><p>text</p><div class="last">`);
    expect(doc.body.elementChildren.map((el) => el.className)).toEqual(["", "last"]);
    // Nothing open around it: no close event follows, the end of the input finishes it.
    const cut = parseDocument(`<p>text</p><img src="a.png"`);
    expect(cut.body.elementChildren.map((el) => [el.tag, el.attr("src")])).toEqual([
      ["p", null],
      ["img", "a.png"],
    ]);
  });
});
