import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { forEachDescendant, type LightElement } from "./light-dom.js";
import { MAX_OPEN_ELEMENTS, MAX_TREE_DEPTH, parseDocument } from "./parse-document.js";

/** How many elements enclose `el`, up to the body. */
function depthInBody(el: LightElement): number {
  let depth = 0;
  for (let node = el.parent; node && node.tag !== "body"; node = node.parent) depth++;
  return depth;
}

/** `n` nested divs with ids d1 (outermost) to dn. */
function divs(n: number): string {
  return Array.from({ length: n }, (_, i) => `<div id="d${i + 1}">`).join("");
}

/** The last element in document order. */
function lastDescendant(root: LightElement): LightElement {
  let el = root;
  while (el.elementChildren.length) el = el.elementChildren.at(-1)!;
  return el;
}

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

  it("drops a NUL from the text, as a browser's tree builder does", () => {
    const doc = parseDocument("<body><p>fish\u0000 &amp; chips\u0000</p><p>\u0000</p></body>");
    expect(doc.body.textContent).toBe("fish & chips");
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

  it("parses a page nested 200,000 deep, keeping the text inside and after", () => {
    // Bounded open elements (see the next test) parse it in under a second; unbounded it took a minute.
    const depth = 200_000;
    const doc = parseDocument(
      `<body>${"<div>".repeat(depth)}deep text${"</div>".repeat(depth)}<p>after</p></body>`,
    );
    const text = doc.body.textContent;
    expect(text).toContain("deep text");
    expect(text.indexOf("after")).toBeGreaterThan(text.indexOf("deep text"));
  });

  it("forgets the outermost open elements only past its bound: their close tags are then strays", () => {
    const below = MAX_OPEN_ELEMENTS - 1;
    const flat = parseDocument(`<body>${"<div>".repeat(below)}x${"</div>".repeat(below)}<p>after</p></body>`);
    expect(depthInBody(flat.body.elementChildren.at(-1)!)).toBe(0);
    // The parser's list holds the body and the divs: at the 1,024th div it holds 1,025 and keeps the inner
    // 512; 476 more follow, so 988 close tags close a div, 512 close nothing, and the paragraph after
    // them lands inside the 512th div instead of beside the first (in the tree, beside it: see the next
    // test).
    const deep = parseDocument(`<body>${divs(1500)}x${"</div>".repeat(1500)}<p>after</p></body>`);
    const p = deep.body.textContent.endsWith("after") ? lastDescendant(deep.body) : null;
    expect(p?.tag).toBe("p");
    expect(p?.parent?.id).toBe("d510");
  });

  it("puts an element opened past the tree's depth bound beside its parent, as Chromium does", () => {
    // The body is open, so the 512th div opens inside 512 open elements: it and all deeper go beside
    // the 511th, into the 510th.
    const doc = parseDocument(`<body>${divs(600)}deep text${"</div>".repeat(600)}<p>after</p></body>`);
    const byId = new Map<string, LightElement>();
    forEachDescendant(doc.body, (node) => {
      if (node.type === "element" && node.id) byId.set(node.id, node);
      return true;
    });
    expect(byId.get("d511")!.parent!.id).toBe("d510");
    expect(byId.get("d512")!.parent!.id).toBe("d510");
    expect(byId.get("d600")!.parent!.id).toBe("d510");
    // d1 to d510 enclose it: with the body, MAX_TREE_DEPTH elements up to and including it.
    expect(depthInBody(byId.get("d600")!) + 2).toBe(MAX_TREE_DEPTH);
    // Text stays in the element it was written in, and the close tags still close the right ones.
    expect(byId.get("d600")!.textContent).toBe("deep text");
    expect(doc.body.elementChildren.map((el) => el.tag)).toEqual(["div", "p"]);
  });

  it("finds htmlparser2's lists of open elements where it bounds them (else deep pages are slow again)", () => {
    const parser = new Parser({}) as unknown as { stack: unknown; foreignContext: unknown };
    expect(Array.isArray(parser.stack)).toBe(true);
    expect(Array.isArray(parser.foreignContext)).toBe(true);
  });
});
