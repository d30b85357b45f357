import { describe, expect, it } from "vitest";
import { removeBoilerplate } from "./boilerplate.js";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";

const ARTICLE = `<main><h1>Harbour</h1><p>${STORY.repeat(6)}</p></main>`;

function kept(body: string): string {
  return bodyTextAfter(`<html><body>${body}</body></html>`, (root) => removeBoilerplate(root, "article"));
}

describe("panels the page's chrome opens", () => {
  it("go with the header that opens them, wherever they sit", () => {
    // The US government's banner: its button is in a <header>, the panel it opens beside it.
    const text = kept(
      `<section class="usa-banner"><header><p>An official website</p>
         <button aria-expanded="false" aria-controls="gov-banner">Here's how you know</button></header>
         <div id="gov-banner"><p>Official websites use .gov. A .gov website belongs to an official
         government organization in the United States.</p></div></section>${ARTICLE}`,
    );
    expect(text).toContain("harbour master");
    expect(text).not.toContain("Official websites use");
  });

  it("go with the navigation that opens them: a menu drawer, a search drawer", () => {
    const text = kept(
      `<nav><button aria-expanded="false" aria-controls="drawer search">Menu</button></nav>
       <div id="drawer"><a href="/a">Guides</a> <a href="/b">Reference</a></div>
       <div id="search"><p>Press Escape to close the search.</p></div>${ARTICLE}`,
    );
    expect(text).toContain("harbour master");
    for (const gone of ["Guides", "Press Escape"]) expect(text).not.toContain(gone);
  });

  it("leave the page's own panels: an FAQ's answers, tabs in a navigation", () => {
    const text = kept(
      `${ARTICLE}<section><h2>FAQ</h2><button aria-expanded="false" aria-controls="a1">When is high tide?</button>
       <div id="a1"><p>High tide is at noon in spring.</p></div></section>
       <nav class="tabs"><a role="tab" aria-expanded="false" aria-controls="specs" href="#specs">Specifications</a></nav>
       <div id="specs" role="tabpanel"><p>Length: forty feet.</p></div>`,
    );
    expect(text).toContain("High tide is at noon");
    expect(text).toContain("Length: forty feet");
  });

  it("never take the main content, whatever a header's control names", () => {
    const text = kept(
      `<header><button aria-expanded="true" aria-controls="content">Reader mode</button></header>
       <div id="content">${ARTICLE}</div>`,
    );
    expect(text).toContain("harbour master");
  });

  it("cost one walk of the page, however many controls the header holds", () => {
    const controls = Array.from(
      { length: 50_000 },
      (_, i) => `<button aria-expanded="false" aria-controls="p${i}">Open ${i}</button>`,
    ).join("");
    const panels = Array.from({ length: 50_000 }, (_, i) => `<div id="p${i}">Panel ${i}</div>`).join("");
    const text = kept(`<header>${controls}</header>${panels}${ARTICLE}`);
    expect(text).toContain("harbour master");
    expect(text).not.toContain("Panel 49999");
  }, 60_000);
});
