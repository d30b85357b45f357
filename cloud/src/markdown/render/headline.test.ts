import { describe, expect, it } from "vitest";
import { convertHtmlToMarkdown } from "../convert-html.js";
import { takeHeadline } from "./headline.js";

const STORY =
  "The studio tested forty cameras over a year, in city streets and on mountain trails, and kept notes on each one.";

describe("takeHeadline", () => {
  it("takes the headline out when it names the page the title names, in other words", () => {
    const blocks = ["![Cover](/cover.jpg)", "# 8 Recent Photography Trends", STORY, "## Film returns"];
    expect(takeHeadline(blocks, "Recent Trends in Photography")).toBe("8 Recent Photography Trends");
    expect(blocks).toEqual(["![Cover](/cover.jpg)", STORY, "## Film returns"]);
  });

  it("takes the headline of a page without a document title", () => {
    const blocks = ["# Garden notes", STORY];
    expect(takeHeadline(blocks, "")).toBe("Garden notes");
    expect(blocks).toEqual([STORY]);
  });

  it("leaves a headline sharing no word with the title a level down, as a section", () => {
    const blocks = ["# Welcome aboard", STORY];
    expect(takeHeadline(blocks, "Recent Trends in Photography")).toBeUndefined();
    expect(blocks).toEqual(["## Welcome aboard", STORY]);
  });

  it("leaves the headline a level down without a title to weigh it against, or when it is the only block", () => {
    const home = ["# Build and deploy on the AI Cloud", STORY];
    expect(takeHeadline(home, undefined)).toBeUndefined();
    expect(home[0]).toBe("## Build and deploy on the AI Cloud");
    const alone = ["# Photography Trends"];
    expect(takeHeadline(alone, "Photography Trends of 2025")).toBeUndefined();
    expect(alone).toEqual(["## Photography Trends"]);
  });

  it("drops the short lines above a headline it takes (breadcrumb, label, date), keeping what is the page's", () => {
    const blocks = [
      "[Home](/) » [Lamps](/lamps)",
      "Editor's pick",
      "March 3, 2025",
      "![Brass desk lamp](/lamp.jpg)",
      "$24.00",
      "**New this spring**",
      "A lamp for the desk that lights the page and not the room around it.",
      "## In the box",
      "# Brass desk lamp",
      STORY,
      STORY,
    ];
    expect(takeHeadline(blocks, "Brass Desk Lamp | Lumo")).toBe("Brass desk lamp");
    expect(blocks).toEqual([
      "![Brass desk lamp](/lamp.jpg)",
      "$24.00",
      "**New this spring**",
      "A lamp for the desk that lights the page and not the room around it.",
      "## In the box",
      STORY,
      STORY,
    ]);
  });

  it("drops no line above a headline it does not take, or one with half the text or more above it", () => {
    const section = ["Editor's pick", "# Welcome aboard", STORY];
    takeHeadline(section, "Brass Desk Lamp");
    expect(section).toEqual(["Editor's pick", "## Welcome aboard", STORY]);
    const late = ["Editor's pick", STORY, STORY, "# Brass desk lamp", STORY];
    takeHeadline(late, "Brass Desk Lamp");
    expect(late).toEqual(["Editor's pick", STORY, STORY, STORY]);
  });

  it("reads the headline's words, not its links, emphasis, escapes or images", () => {
    // A headline of an image alone has no words: it names nothing.
    const logo = ["# ![Acme](/logo.png)", STORY];
    expect(takeHeadline(logo, "Acme tools")).toBeUndefined();
  });
});

describe("convertHtmlToMarkdown: the page's name", () => {
  const page = (path: string) =>
    convertHtmlToMarkdown(
      `<html><head><title>Recent Trends in Photography | Lens Weekly</title></head><body><main>
<h1><a href="${path}">8 Recent <em>Photography</em> Trends</a></h1><p>${STORY}</p><h1>Film returns</h1><p>${STORY}</p>
</main></body></html>`,
      `https://lensweekly.example${path}`,
    );

  it("is the headline a reader sees, once, on top, in plain words; later level-one headings are sections", () => {
    const { markdown, title } = page("/trends");
    expect(title).toBe("8 Recent Photography Trends");
    expect(markdown.startsWith("# 8 Recent Photography Trends\n\n")).toBe(true);
    expect(markdown.match(/Recent/g)).toHaveLength(1);
    expect(markdown).toContain("\n## Film returns\n");
    expect(markdown.match(/^# /gm)).toHaveLength(1);
  });

  it("is the headline on a page without a document title, its home page included", () => {
    for (const path of ["/notes", "/"]) {
      const { markdown, title } = convertHtmlToMarkdown(
        `<html><body><main><h1>Garden notes</h1><p>${STORY}</p></main></body></html>`,
        `https://garden.example${path}`,
      );
      expect(title).toBe("Garden notes");
      expect(markdown.startsWith("# Garden notes\n\n")).toBe(true);
      expect(markdown.match(/Garden notes/g)).toHaveLength(1);
    }
  });

  it("is the document title on a site's home page, whose headline is a tagline", () => {
    const { markdown, title } = page("/");
    expect(title).toBe("Recent Trends in Photography | Lens Weekly");
    expect(markdown).toContain("\n## [8 Recent *Photography* Trends](https://lensweekly.example/)\n");
  });
});
