import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { pruneRegion } from "./content-region.js";
import type { LightElement } from "../dom/light-dom.js";
import type { Mass } from "./content-mass.js";

function regionWithParts(): { region: LightElement; masses: Map<LightElement, Mass> } {
  const { body } = parseDocument(`<body><div id="a">content</div><div id="b">mixed</div></body>`);
  const [a, b] = body.elementChildren as [LightElement, LightElement];
  const masses = new Map<LightElement, Mass>([
    [body, { good: 1000, bad: 100 }],
    [a, { good: 950, bad: 40 }],
    // Precision 0.4: under half the region's score (about 0.95), above 0.4 of it.
    [b, { good: 40, bad: 60 }],
  ]);
  return { region: body, masses };
}

describe("pruneRegion", () => {
  it("drops a subtree whose precision is under half the region's score", () => {
    const { region, masses } = regionWithParts();
    pruneRegion(region, masses, 1000);
    expect(region.elementChildren.map((el) => el.id)).toEqual(["a"]);
  });

  it("keeps it with a lower share", () => {
    const { region, masses } = regionWithParts();
    pruneRegion(region, masses, 1000, 0.4);
    expect(region.elementChildren.map((el) => el.id)).toEqual(["a", "b"]);
  });
});
