import { describe, expect, it } from "vitest";
import { dropDanglingHeading } from "./dangling-heading.js";

describe("dropDanglingHeading", () => {
  it("drops a heading that ends the markdown", () => {
    const blocks = ["## Story", "The text.", "## More articles by the author"];
    dropDanglingHeading(blocks);
    expect(blocks).toEqual(["## Story", "The text."]);
  });

  it("keeps a run of like headings at the end (cards whose names are headings) and a lone block", () => {
    const grid = ["## Shop", "Our picks.", "### Blue mug", "### Red mug"];
    dropDanglingHeading(grid);
    expect(grid).toHaveLength(4);
    const alone = ["## Only a heading"];
    dropDanglingHeading(alone);
    expect(alone).toEqual(["## Only a heading"]);
  });

  it("keeps a last block that is not a heading", () => {
    const blocks = ["## Story", "#hashtag is text here, not a heading"];
    dropDanglingHeading(blocks);
    expect(blocks).toHaveLength(2);
  });
});
