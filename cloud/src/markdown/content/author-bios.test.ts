import { describe, expect, it } from "vitest";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removeAuthorBios } from "./author-bios.js";

const bio = (name: string) =>
  `${name} is a freelance writer who covers fisheries and coastal towns, and has reported from the north coast for ten years.`;

function textAfter(html: string): string {
  return bodyTextAfter(html, removeAuthorBios);
}

describe("removeAuthorBios", () => {
  it("removes an unnamed box that links to the author and says who they are", () => {
    const text =
      textAfter(`<body><main><div class="c1"><span>By <a href="/author/12/mara-lind/">Mara Lind</a></span></div>
      <p>${STORY.repeat(4)}</p>
      <div class="x7"><div class="x8"><a href="/author/12/mara-lind/">Mara Lind</a></div><div><p>${bio("Mara Lind")}</p></div></div></main></body>`);
    expect(text).toContain("harbour master");
    expect(text).not.toContain("freelance writer");
    expect(text).toContain("By Mara Lind");
  });

  it("keeps a post card whose excerpt is about the post, and a page of several people's bios", () => {
    const card = `<div class="x7"><a href="/author/12/mara-lind/">Mara Lind</a><p>${STORY}</p></div>`;
    expect(textAfter(`<body>${card}</body>`)).toContain("harbour master");
    const people = ["Mara Lind", "Jon Berg", "Ada Voss"]
      .map(
        (name) =>
          `<div class="x7"><a href="/authors/${name.split(" ")[0]}">${name}</a><p>${bio(name)}</p></div>`,
      )
      .join("");
    expect(textAfter(`<body><main>${people}</main></body>`)).toContain("Ada Voss is a freelance writer");
  });
});
