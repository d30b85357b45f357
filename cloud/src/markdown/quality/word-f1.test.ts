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
  it("is the rendered text: link text and code kept; addresses, images, escapes and markers dropped", () => {
    const text = markdownPlainText(
      '# Title\n\nSee [the *docs*](https://x.io/a_(b) "t") and ![logo](https://x.io/l.png) \\[1] **x**\\*\n\n```js\ncode()\n```\n\n1. first\n2. second\n\n> - quoted `a_b`\n\n| A | B |\n|---|---|\n| c | d |',
    );
    expect(text.replace(/\s+/g, " ").trim()).toBe(
      "Title See the docs and [1] x* code() first second quoted a_b A B c d",
    );
  });

  it("ends a line at each block, cell and line break, so words never run together", () => {
    expect(
      markdownPlainText("one  \ntwo\\\nthree\n\n# four\nfive\n\n|six|seven|\n|-|-|").split(/\s+/),
    ).toEqual(expect.arrayContaining(["one", "two", "three", "four", "five", "six", "seven"]));
  });
});

describe("htmlPlainText", () => {
  it("is the text content of the fragment", () => {
    expect(htmlPlainText("<div><p>One <b>two</b></p><img alt='no'></div>")).toBe("One two");
  });
});
