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
});
