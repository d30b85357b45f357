import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { removeBoilerplate } from "./boilerplate.js";
import type { PageType } from "./page-type.js";

const SENTENCE =
  "The text goes on for a while, with commas, clauses, and enough words to read as a paragraph of prose.";
const STORY = Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i + 1}. ${SENTENCE}</p>`).join("");

function kept(body: string, type: PageType = "article"): string {
  const doc = parsePage(`<html><body>${body}</body></html>`).copy();
  removeBoilerplate(doc.body, type);
  return doc.body.textContent.replace(/\s+/g, " ").trim();
}

describe("removeBoilerplate", () => {
  it("removes an author's bio box, a member's signature and a disclaimer, by their names", () => {
    const text = kept(
      `<article>${STORY}<div class="author-bio"><p>Jane writes about gardens. ${SENTENCE}</p></div>
       <div class="postSignature">Sent from my phone</div>
       <p class="affiliate_disclaimer">We may earn a commission from links on this page.</p></article>`,
    );
    expect(text).toContain("Paragraph 8.");
    for (const junk of ["Jane writes", "Sent from my phone", "commission"]) expect(text).not.toContain(junk);
  });

  it("matches those names as whole words and spares a wrapper of most of the page", () => {
    const text = kept(
      `<div class="biography"><p>A life. ${SENTENCE}</p></div><div class="bio-page">${STORY}</div>`,
    );
    expect(text).toContain("A life.");
    expect(text).toContain("Paragraph 8.");
  });
});
