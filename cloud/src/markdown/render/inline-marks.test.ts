import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { emphasisKind, emphasized, imageMarkup, isCode, linked } from "./inline-marks.js";
import { finishParagraph, singleLine } from "./markdown-text.js";

function first(html: string) {
  return parseDocument(`<html><body>${html}</body></html>`).body.elementChildren[0]!;
}

describe("inline marks", () => {
  it("keeps emphasis's surrounding space outside its markers, and sets punctuation apart where needed", () => {
    expect(emphasized(" bold ", "**")).toBe(" **bold** ");
    expect(emphasized("   ", "**")).toBe(" ");
    expect(emphasized("", "~~")).toBe("");
    // Beside a letter, emphasis around a link needs a space to open and close; beside punctuation not.
    const link = emphasized("[a](https://x.test/)", "*");
    expect(finishParagraph(`a${link}b`)).toBe("a *[a](https://x.test/)* b");
    expect(finishParagraph(`(${link}).`)).toBe("(*[a](https://x.test/)*).");
    expect(singleLine(`${link}:`)).toBe("*[a](https://x.test/)*:");
    expect(finishParagraph(`${emphasized("U.S.A.", "*")}, then`)).toBe("*U.S.A.*, then");
    // Another emphasis after it: the markers would run together.
    expect(finishParagraph(`${emphasized("S.", "**")}${emphasized("x", "**")}`)).toBe("**S.** **x**");
    // Emphasis of the same marker inside makes one run with these markers: read by the letter beside it.
    expect(emphasized("*both*", "**")).toBe("***both***");
    expect(finishParagraph(`${emphasized("**a** and b.", "*")}x`)).toBe("***a** and b.* x");
    expect(finishParagraph(`${emphasized("5\\*", "**")}x`)).toBe("**5\\*** x");
    expect(finishParagraph(`a${emphasized("~~gone~~", "**")},`)).toBe("a **~~gone~~**,");
  });

  it("writes a link's text on one line, a title only when it says more, and no empty link", () => {
    expect(linked(" Docs ", "https://x.test/docs", "Docs")).toBe(" [Docs](https://x.test/docs) ");
    expect(linked("Docs", "https://x.test/docs", 'The "docs"')).toBe(
      '[Docs](https://x.test/docs "The \\"docs\\"")',
    );
    expect(linked("two\nlines", "https://x.test/", null)).toBe("[two lines](https://x.test/)");
    expect(linked(" ", "https://x.test/", null)).toBe(" ");
  });

  it("writes images absolute, and leaves tracking pixels and images without an address out", () => {
    const base = new URL("https://x.test/a/");
    expect(imageMarkup(first('<img src="p.png" alt="A picture">'), base)).toBe(
      "![A picture](https://x.test/a/p.png)",
    );
    expect(imageMarkup(first('<img src="t.gif" width="1" height="1">'), base)).toBe("");
    expect(imageMarkup(first("<img alt=x>"), base)).toBe("");
  });

  it("names emphasis and code by kind", () => {
    expect(emphasisKind(first("<b>x</b>"))).toBe("strong");
    expect(emphasisKind(first("<strike>x</strike>"))).toBe("del");
    expect(emphasisKind(first("<span>x</span>"))).toBeUndefined();
    expect(isCode(first("<kbd>x</kbd>"))).toBe(true);
  });
});
