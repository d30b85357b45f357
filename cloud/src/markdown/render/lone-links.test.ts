import { describe, expect, it } from "vitest";
import { dropLoneLinks } from "./lone-links.js";

function after(blocks: string[]): string[] {
  const copy = [...blocks];
  dropLoneLinks(copy);
  return copy;
}

describe("dropLoneLinks", () => {
  it("drops a short link that ends a section: before a heading, before an image, at the end", () => {
    expect(after(["The text.", "[Read more](https://a.example/more)", "## Next part", "More text."])).toEqual(
      ["The text.", "## Next part", "More text."],
    );
    expect(
      after(["The text.", "[See Deal](https://shop.example/x)", "![Kettle](https://a.example/k.jpg)"]),
    ).toEqual(["The text.", "![Kettle](https://a.example/k.jpg)"]);
    expect(after(["The text.", '[Back to blog](https://a.example/blog "Blog")'])).toEqual(["The text."]);
  });

  it("keeps a link over the text it names: a card's title over its price, an item over its description", () => {
    const card = ["## Desks", "[Oak Standing Desk](https://a.example/oak)", "$599+", "## Chairs"];
    expect(after(card)).toEqual(card);
  });

  it("keeps links in a run (a list drawn as paragraphs) and a link whose words say something of their own", () => {
    const run = [
      "Projects:",
      "[Pipe Bookshelf](https://a.example/1)",
      "[Wood Arrows](https://b.example/2)",
      "## Tools",
    ];
    expect(after(run)).toEqual(run);
    const sentence = [
      "The text.",
      "[Scientists shrink an AI vision model to a thousandth of its size](https://a.example/ai)",
      "## Next",
    ];
    expect(after(sentence)).toEqual(sentence);
  });

  it("keeps a link inside a sentence, an image link and a list of links", () => {
    const blocks = [
      "Read [the plan](https://a.example/plan) first.",
      "[![Logo](https://a.example/l.png)](https://a.example/)",
      "- [One](https://a.example/1)",
      "## End",
    ];
    expect(after(blocks)).toEqual(blocks);
  });

  it("keeps the link of a page that says nothing else (a page that only leads on)", () => {
    expect(after(["[Continue to the article](https://a.example/story)"])).toHaveLength(1);
    const moved = ["## This page has moved", "[Continue to the article](https://a.example/story)"];
    expect(after(moved)).toEqual(moved);
  });
});
