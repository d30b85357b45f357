import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeUrl } from "./markdown-blocks.js";

describe("parseMarkdown", () => {
  it("reads headings, paragraphs, lists, code, quotes, tables and rules", () => {
    const md = [
      "# Shop",
      "",
      "Some **bold** and *soft* text",
      "on two lines.",
      "",
      "- one",
      "- [two](https://example.com/2)",
      "",
      "1. first",
      "",
      "```ts",
      "const a = `<b>`;",
      "```",
      "",
      "> quoted",
      "",
      "| Name | Price |",
      "| --- | ---: |",
      "| Hat | $5 |",
      "",
      "---",
    ].join("\n");
    const blocks = parseMarkdown(md);
    expect(blocks.map((b) => b.type)).toEqual([
      "heading",
      "paragraph",
      "list",
      "list",
      "code",
      "quote",
      "table",
      "rule",
    ]);
    expect(blocks[1]).toEqual({
      type: "paragraph",
      children: [
        { type: "text", text: "Some " },
        { type: "strong", children: [{ type: "text", text: "bold" }] },
        { type: "text", text: " and " },
        { type: "em", children: [{ type: "text", text: "soft" }] },
        { type: "text", text: " text on two lines." },
      ],
    });
    expect(blocks[4]).toEqual({ type: "code", lang: "ts", text: "const a = `<b>`;" });
    expect(blocks[6]).toMatchObject({ type: "table", rows: [[[{ text: "Hat" }], [{ text: "$5" }]]] });
  });

  it("keeps raw HTML as text and drops unsafe link targets", () => {
    expect(parseMarkdown("<script>alert(1)</script>")).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "<script>alert(1)</script>" }] },
    ]);
    expect(parseInline("[x](javascript:alert(1))")[0]).toMatchObject({ type: "link", href: undefined });
    expect(parseInline("![logo](https://e.com/l.png)")).toEqual([
      { type: "image", src: "https://e.com/l.png", alt: "logo" },
    ]);
    expect(safeUrl("mailto:a@b.c")).toBe("mailto:a@b.c");
  });
});
