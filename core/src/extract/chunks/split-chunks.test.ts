import { describe, expect, it } from "vitest";
import { markdownLines } from "./markdown-lines.js";
import { snapshotLines } from "./snapshot-lines.js";
import { splitContent } from "./split-chunks.js";

/** One token per word (and one per line break), so the figures below can be checked by eye. */
const words = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;
const limits = (lines: readonly string[], partTokens: number, overlapTokens = 0) => ({
  partTokens,
  overlapTokens,
  lineTokens: lines.map((line) => words(line) + 1),
  describeBudget: "100 tokens (test/model)",
});

function catalog(cards: number): string {
  const lines = ["[0-1] RootWebArea: Shop", " [0-2] heading: All products", " [0-3] list"];
  for (let i = 1; i <= cards; i++)
    lines.push(`  [0-${i * 10}] listitem`, `   [0-${i * 10 + 1}] link: Product ${i}`, `   $${i}.00`);
  return lines.join("\n");
}

describe("splitContent", () => {
  it("cuts between elements, keeps each part within budget, and repeats the lines a part sits in", () => {
    const content = snapshotLines(catalog(40));
    const parts = splitContent(content, limits(content.lines, 60, 10));
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) {
      const tokens = [...part.context, ...part.body].reduce((n, line) => n + words(line) + 1, 0);
      expect(tokens).toBeLessThanOrEqual(60);
      expect(part.count).toBe(parts.length);
      if (part.index > 0) {
        // The frame of the list and the heading above it come first; the part starts at a list item.
        expect(part.context).toEqual([
          "[0-1] RootWebArea: Shop",
          " [0-2] heading: All products",
          " [0-3] list",
        ]);
        expect(part.body[0]).toMatch(/^ {2}\[0-\d+\] listitem$/);
      }
    }
  });

  it("covers every line, overlapping neighbours by at most the overlap", () => {
    const content = snapshotLines(catalog(40));
    const parts = splitContent(content, limits(content.lines, 60, 10));
    expect(parts[0]!.start).toBe(0);
    expect(parts.at(-1)!.end).toBe(content.lines.length);
    for (let i = 1; i < parts.length; i++) {
      expect(parts[i]!.start).toBeLessThanOrEqual(parts[i - 1]!.end);
      expect(parts[i]!.start).toBeGreaterThan(parts[i - 1]!.start);
      const overlap = content.lines.slice(parts[i]!.start, parts[i - 1]!.end);
      expect(overlap.reduce((n, line) => n + words(line) + 1, 0)).toBeLessThanOrEqual(10);
    }
  });

  it("makes one part of content that fits", () => {
    const content = snapshotLines(catalog(2));
    expect(splitContent(content, limits(content.lines, 1000))).toHaveLength(1);
  });

  it("refuses a line longer than a part, naming the budget and the line", () => {
    const content = snapshotLines(`[0-1] RootWebArea: Shop\n [0-2] paragraph: ${"word ".repeat(200)}`);
    expect(() => splitContent(content, limits(content.lines, 100))).toThrow(
      /Line 2 of the content \("\[0-2\] paragraph: word word.*is about 203 tokens.*100 tokens \(test\/model\)/,
    );
  });

  it("starts document parts at section headings and repeats the sections they sit in", () => {
    const sections = ["# Guide", ""];
    for (let s = 1; s <= 6; s++) {
      sections.push(`## Step ${s}`, "");
      for (let p = 1; p <= 4; p++)
        sections.push(`Paragraph ${p} of step ${s} says something useful here.`, "");
    }
    sections.push("```", "# not a heading", "```");
    const content = markdownLines(sections.join("\n"));
    const parts = splitContent(content, limits(content.lines, 70));
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts.slice(1)) {
      expect(part.body[0]).toMatch(/^## Step \d$/);
      expect(part.context).toEqual(["# Guide"]);
    }
    expect(content.contextOf(content.lines.indexOf("# not a heading") + 1)).toEqual([
      0,
      content.lines.indexOf("## Step 6"),
    ]);
  });
});
