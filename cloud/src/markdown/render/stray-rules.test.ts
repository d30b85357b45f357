import { describe, expect, it } from "vitest";
import { convertHtmlToMarkdown } from "../convert-html.js";
import { render } from "./rendered.test.support.js";
import { dropStrayRules } from "./stray-rules.js";

function after(blocks: string[]): string[] {
  const copy = [...blocks];
  dropStrayRules(copy);
  return copy;
}

describe("dropStrayRules", () => {
  it("drops rules that open or close the blocks, and rules beside a rule", () => {
    expect(after(["---", "---", "One.", "---", "---", "---", "Two.", "---"])).toEqual([
      "One.",
      "---",
      "Two.",
    ]);
  });

  it("keeps rules between blocks, and leaves blocks without rules alone", () => {
    expect(after(["One.", "---", "Two.", "---", "Three."])).toEqual(["One.", "---", "Two.", "---", "Three."]);
    expect(after(["One.", "Two."])).toEqual(["One.", "Two."]);
    expect(after(["---"])).toEqual([]);
  });

  it("reads a rule as the whole block only: a table's or a front matter's dashes stay", () => {
    expect(after(["| a |\n| --- |", "---- x"])).toEqual(["| a |\n| --- |", "---- x"]);
  });

  it("runs in one pass over a page of rules (removing them one by one would take minutes)", () => {
    // Two rules after every line: each pair becomes one rule, and the pair after the last line goes.
    const lines = 150_000;
    const blocks = Array.from({ length: lines * 3 }, (_, i) => (i % 3 ? "---" : `Line ${i}.`));
    dropStrayRules(blocks);
    expect(blocks).toHaveLength(lines * 2 - 1);
    expect(blocks.at(-1)).toBe(`Line ${(lines - 1) * 3}.`);
  });
});

describe("a page's rules in its markdown", () => {
  it("divide only what is on both sides: none under the title, none at the end", () => {
    const story = "The harbour master counted forty boats leaving before dawn, more than any spring. ";
    const html =
      `<html><head><title>Harbour</title></head><body><main><h1>Harbour</h1><hr>` +
      `<p>${story.repeat(4)}</p><hr><hr><p>${story.repeat(3)}Tides.</p><hr></main></body></html>`;
    const { markdown } = convertHtmlToMarkdown(html, "https://example.com/harbour");
    expect(markdown.startsWith("# Harbour\n\nThe harbour master")).toBe(true);
    expect(markdown.match(/^---$/gm)).toHaveLength(1);
    expect(markdown.trimEnd().endsWith("Tides.")).toBe(true);
  });
});

describe("a list item's rules", () => {
  it("go at its edges and beside each other, in one pass however many the item holds", () => {
    const rules = "<hr>".repeat(100_000);
    const item = `<li>${rules}<p>Pier</p><hr><hr><p>Harbour</p>${rules}</li>`;
    expect(render(`<ul>${item}</ul>`)).toBe("- Pier\n\n  ---\n\n  Harbour");
  }, 60_000);
});
