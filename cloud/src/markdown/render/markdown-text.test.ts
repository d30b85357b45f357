import { describe, expect, it } from "vitest";
import { linkTexts, readerText } from "./markdown-text.js";

describe("readerText", () => {
  it("reads a line's words, not its links, emphasis, escapes or images", () => {
    expect(readerText("[Charges](https://docs.stripe.com/api/charges)")).toBe("Charges");
    expect(readerText("Free **SEO Checker** \\*beta\\* ![logo](/l.png)")).toBe("Free SEO Checker *beta*");
    expect(readerText("By [Jerry Chu](/author/jerry) · _Updated_ ~~Oct 30~~ Oct 31, 2025")).toBe(
      "By Jerry Chu · Updated Oct 30 Oct 31, 2025",
    );
  });
});

describe("linkTexts", () => {
  it("puts each link's text in place of the link, titles and one level of brackets included", () => {
    expect(linkTexts('See [the [draft] plan](https://e.com/p "Plan") and [x](/y).')).toBe(
      "See the [draft] plan and x.",
    );
  });
});
