import { describe, expect, it } from "vitest";
import { dropBylines } from "./bylines.js";

function after(blocks: string[]): string[] {
  const copy = [...blocks];
  dropBylines(copy);
  return copy;
}

const PARAGRAPH =
  "Health and nutrition trends are no longer siloed categories. They now shape the way people approach " +
  "eating, shopping, and daily wellness decisions, from snack choices to functional beverages and the " +
  "tailored wellness solutions that experts now agree are changing fast.";

describe("dropBylines", () => {
  it("drops the byline and dateline between the headline and the first paragraph", () => {
    expect(
      after([
        "[Kelia Losa Reinoso](https://a.example/author/kelia-losa)",
        "August 25, 2025",
        "15 min",
        PARAGRAPH,
      ]),
    ).toEqual([PARAGRAPH]);
    expect(after(["By **Md Aynal Haque**", PARAGRAPH])).toEqual([PARAGRAPH]);
    expect(after(["*Updated on 23 Oct 2025*", PARAGRAPH])).toEqual([PARAGRAPH]);
    expect(after(["posted on April 21, 2015, at 11:29 a.m.", PARAGRAPH])).toEqual([PARAGRAPH]);
    expect(after(["by [Jim Donnelly](https://a.example/author/jim/) | 2023-08-24", PARAGRAPH])).toEqual([
      PARAGRAPH,
    ]);
  });

  it("keeps what follows the first paragraph, and a heading or a sentence before it", () => {
    const later = [PARAGRAPH, "Oct 31, 2025", "More text."];
    expect(after(later)).toEqual(later);
    const lead = [
      "## Published reports",
      "In 2025 the survey asked over 66,000 people what they eat and why, by region.",
      PARAGRAPH,
    ];
    expect(after(lead)).toEqual(lead);
  });

  it("keeps a short lead sentence that starts as a byline or holds a date, and a recipe's times", () => {
    for (const line of [
      "By 2030, half of all cars sold here will be electric.",
      "By the time the ship docked, the storm had passed",
      "On March 3, 2024 the company announced its plans.",
      "Prep time 15 minutes",
      "Published quarterly since 1998, it has one aim.",
    ]) {
      expect(after([line, PARAGRAPH])).toEqual([line, PARAGRAPH]);
    }
  });

  it("drops a user name as byline and a reading time with its label", () => {
    expect(after(["by ibby", "Read time: 14 min", PARAGRAPH])).toEqual([PARAGRAPH]);
  });

  it("keeps lines alike further on: they are entries' lines on a list's page, not a story's byline", () => {
    const entries = [
      "[Allocating on the Stack](https://a.example/1)",
      "by [Ben](https://a.example/u/ben)",
      "[Using go fix](https://a.example/2)",
      "by [Teimur](https://a.example/u/teimur)",
      PARAGRAPH,
    ];
    expect(after(entries)).toEqual(entries);
  });

  it("keeps a page that is nothing but its dateline", () => {
    expect(after(["## Notice", "Posted March 3, 2026"])).toEqual(["## Notice", "Posted March 3, 2026"]);
  });
});
