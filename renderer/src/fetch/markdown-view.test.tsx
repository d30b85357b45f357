import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownView, safeUrl } from "./markdown-view.js";

const render = (markdown: string) => renderToStaticMarkup(<MarkdownView markdown={markdown} />);

describe("MarkdownView", () => {
  it("keeps nested lists nested", () => {
    const html = render(["- Herbs", "  - Basil", "  - Mint", "    1. Spearmint", "- Vegetables"].join("\n"));
    expect(html).toMatch(
      /<ul>\s*<li>Herbs\s*<ul>\s*<li>Basil<\/li>\s*<li>Mint\s*<ol>\s*<li>Spearmint<\/li>\s*<\/ol>\s*<\/li>\s*<\/ul>\s*<\/li>\s*<li>Vegetables<\/li>\s*<\/ul>/,
    );
  });

  it("renders tables with their alignment, task lists and fenced code", () => {
    const html = render(
      [
        "| Name | Price |",
        "| --- | ---: |",
        "| Hat | **$5** |",
        "",
        "- [x] water",
        "- [ ] weed",
        "",
        "```ts",
        "const a = `<b>`;",
        "```",
      ].join("\n"),
    );
    expect(html).toMatch(/<table><thead><tr><th>Name<\/th><th style="text-align:right">Price<\/th>/);
    expect(html).toContain('<td style="text-align:right"><strong>$5</strong></td>');
    expect(html).toMatch(/<input type="checkbox" disabled="" checked=""\/> <\/span>water/);
    expect(html).toMatch(/<input type="checkbox" disabled=""\/> <\/span>weed/);
    expect(html).toContain('<code class="language-ts">const a = `&lt;b&gt;`;');
  });

  it("never injects raw HTML from the markdown", () => {
    const html = render(
      [
        "<script>alert(1)</script>",
        "",
        'Hi <img src=x onerror="alert(1)"> there',
        "",
        "<div>block</div>",
      ].join("\n"),
    );
    expect(html).not.toMatch(/<script|<img|onerror|<div>/);
    expect(html).toContain("Hi  there");
  });

  it("follows only web and mail links, in a new window without referrer, and loads no image", () => {
    const html = render(
      [
        "[site](https://example.com/a) [mail](mailto:a@example.com)",
        "[bad](javascript:alert(1)) [data](data:text/html,x) [rel](/local)",
        "![a cat](https://example.com/cat.png)",
      ].join("\n"),
    );
    expect(html).toContain(
      '<a href="https://example.com/a" target="_blank" rel="noreferrer noopener">site</a>',
    );
    expect(html).toContain(
      '<a href="mailto:a@example.com" target="_blank" rel="noreferrer noopener">mail</a>',
    );
    expect(html).not.toMatch(/javascript:|data:text|href="\/local"/);
    expect(html).toContain("bad data rel");
    expect(html).toContain(
      '<span class="markdown-image" title="https://example.com/cat.png">[image: a cat]</span>',
    );
    expect(html).not.toContain("<img");
  });

  it("accepts only http, https and mailto addresses", () => {
    expect(safeUrl(" https://a.test/x ")).toBe("https://a.test/x");
    expect(safeUrl("MAILTO:a@b.test")).toBe("MAILTO:a@b.test");
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:x",
      "data:text/html,x",
      "vbscript:x",
      "/rel",
      "//a.test",
    ]) {
      expect(safeUrl(url), url).toBeUndefined();
    }
  });
});
