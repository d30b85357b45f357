import { describe, expect, it } from "vitest";
import {
  findMatches,
  firstMatchFrom,
  parseSnapshotLines,
  splitMatches,
  stepMatch,
} from "./snapshot-lines.js";

const TEXT = `[0-1] RootWebArea: Shop
  [0-7] heading: Red Shoe
  $49.00
  [2-13] link: Details, red, RED and reddish`;

const occurrences = (text: string, query: string) => {
  const matches = findMatches(parseSnapshotLines(text), query);
  return Array.from(matches.lines, (line, i) => [line, matches.starts[i]]);
};

describe("snapshot lines", () => {
  it("reads each line's element id and leaves text lines without one", () => {
    const lines = parseSnapshotLines(TEXT);
    expect(lines.map((l) => l.id)).toEqual(["0-1", "0-7", undefined, "2-13"]);
    expect(lines[2]).toEqual({ index: 2, text: "  $49.00" });
    expect(parseSnapshotLines("")).toEqual([]);
  });

  it("counts every occurrence, case-insensitively, several on one line apart", () => {
    expect(occurrences(TEXT, "red")).toEqual([
      [1, 17],
      [3, 24],
      [3, 29],
      [3, 37],
    ]);
    expect(findMatches(parseSnapshotLines(TEXT), " RED ").count).toBe(4);
  });

  it("finds nothing for a blank query, and counts overlapping text once per place it starts", () => {
    expect(findMatches(parseSnapshotLines(TEXT), "  ").count).toBe(0);
    expect(findMatches(parseSnapshotLines(TEXT), "").count).toBe(0);
    // Like a browser's find: "aa" in "aaaa" is two occurrences, not three.
    expect(occurrences("aaaa", "aa")).toEqual([
      [0, 0],
      [0, 2],
    ]);
  });

  it("takes the query literally: regex characters match themselves", () => {
    expect(occurrences(TEXT, "$49.00")).toEqual([[2, 2]]);
    expect(occurrences(TEXT, "4.")).toEqual([]);
    expect(occurrences("[0-7] a (b) *c* ^d$ a|b \\e", "(b) *c* ^d$ a|b \\")).toEqual([[0, 8]]);
  });

  it("keeps offsets right where lower-casing would change a line's length", () => {
    // "İ".toLowerCase() is two code units: offsets taken from a lower-cased copy would drift by one.
    const text = "İstanbul red";
    expect(occurrences(text, "RED")).toEqual([[0, 9]]);
    expect(splitMatches(text, "red").filter((p) => p.match)).toEqual([
      { text: "red", match: true, start: 9 },
    ]);
  });

  it("cuts a line into plain and matching parts, each with where it starts", () => {
    expect(splitMatches("Red shoe, red hat", "RED")).toEqual([
      { text: "Red", match: true, start: 0 },
      { text: " shoe, ", match: false, start: 3 },
      { text: "red", match: true, start: 10 },
      { text: " hat", match: false, start: 13 },
    ]);
    expect(splitMatches("plain", " ")).toEqual([{ text: "plain", match: false, start: 0 }]);
    expect(splitMatches("", "x")).toEqual([{ text: "", match: false, start: 0 }]);
  });

  it("steps through the occurrences, wrapping at both ends", () => {
    const matches = findMatches(parseSnapshotLines(TEXT), "red");
    expect(stepMatch(matches, 0, 1)).toBe(1);
    expect(stepMatch(matches, 3, 1)).toBe(0);
    expect(stepMatch(matches, 0, -1)).toBe(3);
    expect(stepMatch(matches, -1, 1)).toBe(0);
    expect(stepMatch(matches, -1, -1)).toBe(3);
    expect(stepMatch(findMatches([], "red"), 0, 1)).toBe(-1);
  });

  it("starts a new search at the first occurrence on or after a line", () => {
    const matches = findMatches(parseSnapshotLines(TEXT), "red");
    expect(firstMatchFrom(matches, 0)).toBe(0);
    expect(firstMatchFrom(matches, 2)).toBe(1);
    expect(firstMatchFrom(matches, 3)).toBe(1);
    // Past the last one: back to the first, as a find wraps.
    expect(firstMatchFrom(matches, 4)).toBe(0);
    expect(firstMatchFrom(findMatches([], "red"), 0)).toBe(-1);
  });

  it("counts a 15,000-line page's occurrences", () => {
    const text = Array.from({ length: 15_000 }, (_, i) => `  [0-${i}] link: Item ${i} of oak`).join("\n");
    const matches = findMatches(parseSnapshotLines(text), "OAK");
    expect(matches.count).toBe(15_000);
    expect(matches.lines[14_999]).toBe(14_999);
    expect(findMatches(parseSnapshotLines(text), "o").count).toBe(15_000 * 2);
  });
});
