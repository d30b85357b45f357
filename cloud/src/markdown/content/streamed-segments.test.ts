import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { findMainContent } from "./find-main-content.js";
import { placeStreamedSegments } from "./streamed-segments.js";

const SENTENCE =
  "The text goes on for a while, with commas, clauses, and enough words to read as a paragraph of prose.";

describe("placeStreamedSegments", () => {
  it("moves each hidden streamed segment into its placeholder, in the page's order", () => {
    const html = `<html><body><article><h1>Title</h1><p>First. ${SENTENCE}</p>
      <template id="B:0"></template><div>Loading paragraph...</div><p>Third. ${SENTENCE}</p>
      <template id="B:a"></template></article><footer>Site</footer>
      <div hidden id="S:a"><p>Fourth. ${SENTENCE}</p></div><div hidden id="S:0"><p>Second. ${SENTENCE}</p></div></body></html>`;
    const doc = parseDocument(html);
    placeStreamedSegments(doc.body);
    const text = doc.body.textContent.replace(/\s+/g, " ");
    const order = ["First.", "Second.", "Third.", "Fourth.", "Site"].map((word) => text.indexOf(word));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const main = findMainContent(parseDocument(html), "https://example.com/story").root.textContent;
    for (const word of ["First.", "Second.", "Third.", "Fourth."]) expect(main).toContain(word);
  });

  it("leaves a segment without a placeholder hidden, and other templates dropped", () => {
    const html = `<html><body><main><p>Shown. ${SENTENCE}</p><template id="row"><p>Template text</p></template></main>
      <div hidden id="S:7"><p>Orphan segment</p></div></body></html>`;
    const text = findMainContent(parseDocument(html), "https://example.com/").root.textContent;
    expect(text).toContain("Shown.");
    expect(text).not.toContain("Template text");
    expect(text).not.toContain("Orphan segment");
  });
});
