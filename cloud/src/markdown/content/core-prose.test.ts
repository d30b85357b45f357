import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { findMainContent } from "./find-main-content.js";

const SENTENCE =
  "The text goes on for a while, with commas, clauses, and enough words to read as a paragraph of prose.";

function mainText(html: string): string {
  return findMainContent(parseDocument(html), "https://example.com/blog/morning-walks").root.textContent;
}

/** Cards that each lead to another story with a line of it, laid out in a strip after the article. */
function cardStrip(count: number): string {
  const cards = Array.from(
    { length: count },
    (_, i) =>
      `<div class="tile"><a href="/blog/story-${i}"><img src="/s${i}.jpg" alt=""></a><h3>Story ${i}</h3>` +
      `<p>Excerpt ${i}. ${SENTENCE.slice(0, 90)}...</p></div>`,
  ).join("");
  return `<div class="strip"><h2>From the harbour desk</h2><div class="tiles">${cards}</div></div>`;
}

describe("coreProseLikelihood (through findMainContent)", () => {
  it("reads a strip of excerpt cards after an article as teasers, not as more of the article", () => {
    const story = `<p>${SENTENCE} ${SENTENCE}</p>`.repeat(7);
    const text = mainText(
      `<html><body><div class="page"><div class="post"><h1>Morning walks</h1><p>Opening. ${SENTENCE}</p>${story}</div>` +
        `${cardStrip(5)}</div></body></html>`,
    );
    expect(text).toContain("Opening.");
    for (let i = 0; i < 5; i++) expect(text).not.toContain(`Excerpt ${i}.`);
  });

  it("reads cards that open with their linked title, without a picture or a heading, as teasers too", () => {
    const story = `<p>${SENTENCE} ${SENTENCE}</p>`.repeat(7);
    const cards = Array.from(
      { length: 5 },
      (_, i) =>
        `<li><a href="/blog/story-${i}">Story ${i}</a> <p>Excerpt ${i}. ${SENTENCE.slice(0, 90)}...</p></li>`,
    ).join("");
    const text = mainText(
      `<html><body><div class="page"><div class="post"><h1>Morning walks</h1><p>Opening. ${SENTENCE}</p>${story}</div>` +
        `<div class="strip"><p>From blogs we read</p><ul>${cards}</ul></div></div></body></html>`,
    );
    expect(text).toContain("Opening.");
    for (let i = 0; i < 5; i++) expect(text).not.toContain(`Excerpt ${i}.`);
  });

  it("keeps the cards of a page made of them (a programme's plans), beside an introduction longer than they are", () => {
    const intro = `<p>${SENTENCE} ${SENTENCE} ${SENTENCE} ${SENTENCE}</p>`.repeat(3);
    const text = mainText(
      `<html><body><div class="page"><div class="intro"><h1>The plans</h1><p>Welcome.</p>${intro}</div>` +
        `${cardStrip(8)}</div></body></html>`,
    );
    expect(text).toContain("Welcome.");
    for (let i = 0; i < 8; i++) expect(text).toContain(`Excerpt ${i}.`);
  });
});
