import { describe, expect, it } from "vitest";
import { appendChild, descendantFinder, LightElement, LightText, removeNodes } from "./light-dom.js";

function chain(depth: number): LightElement[] {
  const levels = [new LightElement("div")];
  for (let i = 1; i < depth; i++) {
    const el = new LightElement(i === depth - 1 ? "p" : "div");
    appendChild(levels[i - 1]!, el);
    levels.push(el);
  }
  return levels;
}

describe("descendantFinder", () => {
  it("answers for every level of a nesting while testing each element once", () => {
    const levels = chain(1000);
    let tests = 0;
    const holdsParagraph = descendantFinder((el) => {
      tests++;
      return el.tag === "p";
    });
    expect(levels.map((el) => holdsParagraph(el))).toEqual(levels.map((_, i) => i < levels.length - 1));
    expect(tests).toBe(levels.length - 1);
  });

  it("stops at the first match and says no for an empty element", () => {
    const root = new LightElement("div");
    for (const tag of ["span", "main", "span"]) appendChild(root, new LightElement(tag));
    let tests = 0;
    const holdsMain = descendantFinder((el) => (tests++, el.tag === "main"));
    expect(holdsMain(root)).toBe(true);
    expect(tests).toBe(2);
    expect(holdsMain(root.children[0] as LightElement)).toBe(false);
  });
});

describe("removeNodes", () => {
  it("leaves the tree as removing each node would, and forgets the parents' text statistics", () => {
    const root = new LightElement("div");
    const kids = ["a", "b", "c", "d"].map((text) => {
      const p = new LightElement("p");
      appendChild(p, new LightText(text));
      appendChild(root, p);
      return p;
    });
    expect(root.stats.nonSpace).toBe(4);
    removeNodes([kids[1]!, kids[3]!, kids[3]!, new LightElement("p")]);
    expect(root.textContent).toBe("ac");
    expect(root.stats.nonSpace).toBe(2);
    expect(kids.map((kid) => kid.parent === root)).toEqual([true, false, true, false]);
  });
});
