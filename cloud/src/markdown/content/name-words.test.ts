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

  it("splits only where a lowercase letter meets a capital, and at anything not a letter or digit", () => {
    expect(nameWords(element({ id: "myHTMLParser2Go_x" }))).toEqual([["my", "htmlparser2go", "x"]]);
    expect(nameWords(element({ class: "--Top.menu::after" }))).toEqual([["top", "menu", "after"]]);
  });

  it("reads names as the regular expressions it replaced did, beyond ASCII too", () => {
    // The reading nameWords replaced: kept as the reference for names of any characters.
    const reference = (name: string) =>
      name
        .replace(/([a-z])([A-Z])/g, "$1 $2")
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
    const alphabet = "aAzZ09-_ .é\u0130\u212a";
    let seed = 1;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let n = 0; n < 5000; n++) {
      const name = Array.from({ length: 1 + (next() % 9) }, () => alphabet[next() % alphabet.length]).join(
        "",
      );
      // A class attribute is read name by name.
      expect(nameWords(element({ class: name }))).toEqual(name.split(/\s+/).filter(Boolean).map(reference));
    }
  });
});
