import { describe, expect, it } from "vitest";
import { matchSummary } from "./use-selector-match.js";

const box = { x: 0, y: 0, width: 10, height: 10 };
const matched = (count: number, shown: number, truncated = false, detail?: string) =>
  matchSummary({
    kind: "matched",
    result: {
      pageId: "p1",
      count,
      boxes: Array.from({ length: shown }, () => box),
      truncated,
      ...(detail ? { detail } : {}),
    },
  });

describe("matchSummary", () => {
  it("counts matches, and says how many are in view when not all are", () => {
    expect(matched(1, 1)).toBe("1 match");
    expect(matched(3, 3)).toBe("3 matches");
    expect(matched(4, 3)).toBe("4 matches, 3 in view");
    expect(matched(2, 0)).toBe("2 matches, none in view");
  });

  it("says when only the first matches are outlined", () => {
    expect(matched(300, 200, true)).toBe("300 matches, the first 200 in view outlined");
  });

  it("says no match, and why when a chain leads nowhere", () => {
    expect(matched(0, 0)).toBe("No match");
    expect(matched(0, 0, false, "The iframe step matches no element.")).toBe(
      "No match: The iframe step matches no element.",
    );
  });

  it("shows an error as it came, and nothing for an empty box", () => {
    expect(matchSummary({ kind: "failed", message: '"a[" is not a valid CSS selector or XPath: …' })).toBe(
      '"a[" is not a valid CSS selector or XPath: …',
    );
    expect(matchSummary({ kind: "empty" })).toBe("");
    expect(matchSummary({ kind: "matching" })).toBe("Matching…");
  });
});
