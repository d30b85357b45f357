import { describe, expect, it } from "vitest";
import { appendChild, LightElement, LightText } from "../dom/light-dom.js";
import { collectBlocks } from "./content-mass.js";
import { nest } from "../dom/nested.test.support.js";

describe("collectBlocks", () => {
  it("counts link text inside inline wrappers nested 200,000 deep in one walk", () => {
    // Whether each text is inside a link was asked of all its wrappers (quadratic: minutes here, where
    // the test timeout is 60 s).
    const body = new LightElement("body");
    const p = new LightElement("p");
    appendChild(body, p);
    nest(p, 200_000, (i) => {
      const inline = new LightElement(
        i === 100_000 ? "a" : "span",
        new Map(i === 100_000 ? [["href", "/x"]] : []),
      );
      appendChild(inline, new LightText("word "));
      return inline;
    });
    const { blocks } = collectBlocks(body);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.el).toBe(p);
    expect(blocks[0]!.words).toBe(200_000);
    expect(blocks[0]!.linkChars).toBe(blocks[0]!.chars / 2);
  });
});
