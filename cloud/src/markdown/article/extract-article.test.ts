import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { extractArticle } from "./extract-article.js";

const P = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i + 1} of the story goes on for a while, with commas, clauses, and enough words to be scored as content by the extraction.</p>`,
  ).join("");

function articleText(html: string): { text: string; title: string } {
  const { content, title } = extractArticle(parsePage(html));
  return { text: content?.textContent.replace(/\s+/g, " ").trim() ?? "", title };
}

describe("extractArticle (Readability's algorithm on the light tree)", () => {
  it("picks the block with the paragraphs over sidebars and menus", () => {
    const { text } = articleText(
      `<body><div id="sidebar"><ul><li><a href="/1">One</a></li><li><a href="/2">Two</a></li></ul></div>
       <div class="menu">Home About Contact</div><div class="content">${P(5)}</div>
       <div class="comments">Great post, thanks, really, truly, a great post, well done, thanks again.</div></body>`,
    );
    expect(text).toContain("Paragraph 1 of the story");
    expect(text).toContain("Paragraph 5 of the story");
    for (const junk of ["One", "Home About", "Great post"]) expect(text).not.toContain(junk);
  });

  it("drops hidden nodes, dialogs, bylines and the header that repeats the title", () => {
    const { text, title } = articleText(
      `<title>A long enough title for the story</title><body><article>
       <h1>A long enough title for the story</h1><p class="byline">By Jane Doe</p>
       <div style="display: none">hidden text</div><div hidden>also hidden</div><p aria-hidden="true">aria hidden</p>
       <div role="dialog" aria-modal="true">Subscribe now</div>${P(5)}</article></body>`,
    );
    expect(title).toBe("A long enough title for the story");
    expect(text.startsWith("Paragraph 1")).toBe(true);
    for (const junk of ["By Jane Doe", "hidden", "Subscribe"]) expect(text).not.toContain(junk);
  });

  it("keeps data tables whole and removes link lists inside the article", () => {
    const rows = Array.from(
      { length: 6 },
      (_, i) => `<tr><td>r${i}</td><td>${i * 2}</td><td>${i * 3}</td></tr>`,
    ).join("");
    const { text } = articleText(
      `<body><div class="post">${P(4)}<table><thead><tr><th>Row</th><th>Double</th><th>Triple</th></tr></thead>${rows}</table>
       <div class="tags"><a href="/t/a">alpha</a>, <a href="/t/b">beta</a>, <a href="/t/c">gamma</a></div>${P(2)}</div></body>`,
    );
    expect(text).toContain("RowDoubleTriple");
    expect(text).toContain("r51015");
    expect(text).not.toContain("alpha");
  });

  it("tries again with fewer heuristics when the first pass finds too little", () => {
    // All the text sits in a block whose class looks like a sidebar: the strict pass removes it.
    const { text } = articleText(`<body><div class="sidebar-extra">${P(3)}</div></body>`);
    expect(text).toContain("Paragraph 3 of the story");
  });

  it("returns no content for a page without text", () => {
    expect(extractArticle(parsePage("<body><div><img src=a.png></div></body>")).content).toBeNull();
  });
});
