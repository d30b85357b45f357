import { describe, expect, it } from "vitest";
import { appendChild, LightElement, LightText } from "../dom/light-dom.js";
import { collectBlocks, massesOf } from "./content-mass.js";
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

describe("massesOf", () => {
  it("adds each block's weighted characters to its element and every block element above it", () => {
    const body = new LightElement("body");
    const article = new LightElement("article");
    const p = new LightElement("p");
    const nav = new LightElement("nav");
    const link = new LightElement("a", new Map([["href", "/"]]));
    appendChild(body, article);
    appendChild(article, p);
    appendChild(p, new LightText("Twelve chars"));
    appendChild(body, nav);
    appendChild(nav, link);
    appendChild(link, new LightText("Home"));
    const masses = massesOf(collectBlocks(body), (block) => (block.el === p ? 0.75 : 0.25));
    expect(masses.get(p)).toEqual({ good: 8.25, bad: 2.75 });
    expect(masses.get(article)).toEqual({ good: 8.25, bad: 2.75 });
    expect(masses.get(nav)).toEqual({ good: 1, bad: 3 });
    expect(masses.get(body)).toEqual({ good: 9.25, bad: 5.75 });
    // An inline element is part of its block, not a block element of its own; the body's parent is outside.
    expect(masses.get(link)).toBeUndefined();
    expect(masses.get(new LightElement("html"))).toBeUndefined();
  });
});
