import { describe, expect, it } from "vitest";
import { LightElement } from "../dom/light-dom.js";
import { nameWords } from "./name-words.js";

function element(attrs: Record<string, string>): LightElement {
  return new LightElement("div", new Map(Object.entries(attrs)));
}

describe("nameWords", () => {
  it("splits class names and a short id into words", () => {
    expect(nameWords(element({ class: "post-shareBar_top  card", id: "main-nav" }))).toEqual([
      ["post", "share", "bar", "top"],
      ["card"],
      ["main", "nav"],
    ]);
    expect(nameWords(element({ id: "sharing-with-a-single-developer" }))).toEqual([]);
    expect(nameWords(element({}))).toEqual([]);
  });

  it("reads a class attribute shared by many elements once", () => {
    const first = nameWords(element({ class: "teaser-card is-active" }));
    expect(nameWords(element({ class: "teaser-card is-active" }))).toBe(first);
  });

  it("gives the same words past its cache's bound and for a long class attribute", () => {
    for (let i = 0; i < 6000; i++)
      expect(nameWords(element({ class: `item-${i}` }))).toEqual([["item", `${i}`]]);
    const long = Array.from({ length: 100 }, (_, i) => `menu${i}`).join(" ");
    expect(nameWords(element({ class: long })).map((words) => words[0])).toEqual(
      Array.from({ length: 100 }, (_, i) => `menu${i}`),
    );
  });
});
