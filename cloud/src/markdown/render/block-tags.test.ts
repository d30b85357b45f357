import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { spacedText } from "./block-tags.js";

describe("spacedText", () => {
  it("keeps words of two blocks or lines apart, inline words together, and leaves out skipped elements", () => {
    const body = parseDocument(
      "<div><p>one</p>two<br>three<ul><li>four</li><li>fi<b>ve</b></li></ul><button>Menu</button></div>",
    ).body;
    expect(spacedText(body).replace(/\s+/g, " ").trim()).toBe("one two three four five");
    expect(body.textContent).toBe("onetwothreefourfiveMenu");
  });
});
