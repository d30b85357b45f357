import { describe, expect, it } from "vitest";
import { parseSnapshotLines, searchLines, splitMatches } from "./snapshot-lines.js";

const TEXT = `[0-1] RootWebArea: Shop
  [0-7] heading: Red Shoe
  $49.00
  [2-13] link: Details`;

describe("snapshot lines", () => {
  it("reads each line's element id and leaves text lines without one", () => {
    const lines = parseSnapshotLines(TEXT);
    expect(lines.map((l) => l.id)).toEqual(["0-1", "0-7", undefined, "2-13"]);
    expect(lines[2]).toEqual({ index: 2, text: "  $49.00" });
    expect(parseSnapshotLines("")).toEqual([]);
  });

  it("finds lines case-insensitively, every line for an empty query", () => {
    const lines = parseSnapshotLines(TEXT);
    expect(searchLines(lines, "red").map((l) => l.id)).toEqual(["0-7"]);
    expect(searchLines(lines, "  ")).toHaveLength(4);
  });

  it("cuts a line into plain and matching parts", () => {
    expect(splitMatches("Red shoe, red hat", "RED")).toEqual([
      { text: "Red", match: true },
      { text: " shoe, ", match: false },
      { text: "red", match: true },
      { text: " hat", match: false },
    ]);
  });
});
