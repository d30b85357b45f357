import { describe, expect, it } from "vitest";
import { numberDocumentLinks } from "./document-links.js";

describe("numberDocumentLinks", () => {
  it("numbers each link in place of its address and maps the ids back, absolute against the base", () => {
    const { text, links } = numberDocumentLinks(
      '[Home](/) and [Docs](https://docs.example.com "The docs") but not ![a picture](/p.png)',
      "https://example.com/page",
    );
    expect(text).toBe('[Home](0-1) and [Docs](0-2 "The docs") but not ![a picture](/p.png)');
    expect(links.linkUrl("0-1")).toBe("https://example.com/");
    expect(links.linkUrl("0-2")).toBe("https://docs.example.com/");
    expect(links.isLinkUrl("https://docs.example.com/")).toBe(true);
    expect(links.linkUrl("0-3")).toBeUndefined();
  });

  it("reads brackets in the text and parentheses in the address one level deep", () => {
    const { text, links } = numberDocumentLinks("[The [draft] plan](https://en.wikipedia.org/wiki/A_(b))");
    expect(text).toBe("[The [draft] plan](0-1)");
    expect(links.linkUrl("0-1")).toBe("https://en.wikipedia.org/wiki/A_(b)");
  });

  // The document is a fetched page's: text shaped to make a loose pattern rescan it from every bracket.
  it("leaves runs of brackets and link openings as text", () => {
    const hostile = "[](((".repeat(20_000) + " [[a".repeat(20_000);
    expect(numberDocumentLinks(hostile).text).toBe(hostile);
  });
});
