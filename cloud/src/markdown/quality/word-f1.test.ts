import { describe, expect, it } from "vitest";
import { htmlPlainText, markdownPlainText } from "./plain-text.js";
import { wordF1 } from "./word-f1.js";

describe("wordF1", () => {
  it("scores bags of lowercase alphanumeric tokens with counts", () => {
    expect(wordF1("The cat, the hat!", "the CAT the hat").f1).toBe(1);
    const { precision, recall } = wordF1("a a b", "a b c d");
    expect(precision).toBeCloseTo(2 / 3);
    expect(recall).toBeCloseTo(2 / 4);
    expect(wordF1("", "").f1).toBe(1);
    expect(wordF1("x", "").f1).toBe(0);
  });
});

describe("markdownPlainText", () => {
  it("keeps link text, drops addresses, images, escapes, fences and list numbers", () => {
    const text = markdownPlainText(
      '# Title\n\nSee [the *docs*](https://x.io/a_(b) "t") and ![logo](https://x.io/l.png) \\[1]\n\n```js\ncode()\n```\n\n1. first\n2. second',
    );
    expect(text.replace(/\s+/g, " ").trim()).toBe("# Title See the *docs* and [1] code() first second");
  });
});

describe("htmlPlainText", () => {
  it("is the text content of the fragment", () => {
    expect(htmlPlainText("<div><p>One <b>two</b></p><img alt='no'></div>")).toBe("One two");
  });
});
