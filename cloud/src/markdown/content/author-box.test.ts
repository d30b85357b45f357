import { describe, expect, it } from "vitest";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removeBoilerplate } from "./boilerplate.js";

const BIO =
  "Mara Lind is a freelance writer who covers fisheries and coastal towns. She has written for regional papers for ten years.";

function textAfter(html: string): string {
  return bodyTextAfter(html, (body) => removeBoilerplate(body, "article"));
}

describe("author boxes", () => {
  it("removes a box whose name pairs author with a box word, and keeps the story", () => {
    for (const name of ["author-box", "post__author-info", "authorCard", "about-the-author", "m-authorbio"]) {
      const text = textAfter(`<body><main><article><p>${STORY.repeat(4)}</p>
        <div class="${name}"><img src="m.jpg" alt=""><p>${BIO}</p></div></article></main></body>`);
      expect(text, name).toContain("harbour master");
      expect(text, name).not.toContain("freelance writer");
    }
  });

  it("removes a block microdata marks as the author when it holds a bio", () => {
    const text = textAfter(`<body><article><p>${STORY.repeat(4)}</p>
      <section itemprop="author" itemscope><h3>Mara Lind</h3><p>${BIO}</p></section></article></body>`);
    expect(text).not.toContain("freelance writer");
    expect(text).toContain("harbour master");
  });

  it("keeps authors' names that belong to the items or the story", () => {
    const text = textAfter(`<body><main><p>${STORY.repeat(4)}</p><ol>
      <li><a href="/b1">Salt and Tide</a><div class="authorName__container"><a href="/a1">Mara Lind</a></div></li>
      <li><a href="/b2">Net Work</a><div itemprop="author"><a href="/a2">Jon Berg</a></div></li>
      <li><a href="/p3">Boats at dawn</a><div class="paper-card_authors">Mara Lind (Harbour Institute), Jon Berg (Coastal University), Ada Voss (Fisheries Board)</div></li>
    </ol><div class="author">Written by ${BIO}</div></main></body>`);
    expect(text).toContain("Mara Lind");
    expect(text).toContain("Jon Berg");
    expect(text).toContain("Harbour Institute");
    expect(text).toContain("Written by");
  });
});
