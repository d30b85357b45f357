import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import {
  appendChild,
  descendantsByTag,
  forEachDescendant,
  LightElement,
  LightText,
} from "../dom/light-dom.js";
import { collapsedPanelTest, keepQuestionButtons } from "./collapsed-panels.js";
import { findMainContent } from "./find-main-content.js";
import { nest } from "../dom/nested.test.support.js";

const SENTENCE =
  "The text goes on for a while, with commas, clauses, and enough words to read as a paragraph of prose.";

function panelIds(body: string): string[] {
  const doc = parseDocument(`<html><body>${body}</body></html>`);
  const isPanel = collapsedPanelTest(doc.body);
  const panels: LightElement[] = [];
  forEachDescendant(doc.body, (node) => {
    if (node.type === "text") return false;
    if (isPanel(node)) panels.push(node);
    return true;
  });
  return panels.map((el) => el.attrs.get("id") ?? el.attrs.get("class") ?? el.tag);
}

/** How many `<div>`s below `body` are panels. */
function divPanels(body: LightElement): number {
  const isPanel = collapsedPanelTest(body);
  let panels = 0;
  forEachDescendant(body, (node) => {
    if (node.type === "element" && node.tag === "div" && isPanel(node)) panels++;
    return true;
  });
  return panels;
}

function mainText(body: string): string {
  return findMainContent(parseDocument(`<html><body>${body}</body></html>`), "https://example.com/services/x")
    .root.textContent.replace(/\s+/g, " ")
    .trim();
}

describe("collapsedPanelTest", () => {
  it("finds panels named by a control's aria-controls, by role tabpanel, or by their class words", () => {
    const ids = panelIds(
      `<button aria-controls="a1 a2">Open</button><div id="a1" hidden>x</div><div id="a2">y</div>
       <div id="t1" role="tabpanel">z</div><div class="c-Accordion__body">w</div><div class="faq-answer">v</div>
       <div class="tab-pane" style="display:none">s</div><div class="tabs__panel">r</div>
       <div id="plain" hidden>u</div><div class="collapsed-navigation-bar">menu</div>
       <div class="side-panel">q</div><div class="tab-bar">p</div>
       <div class="swiper-slide" aria-hidden="true">o</div><li class="bp-Carousel__cell" aria-hidden="true">n</li>
       <div class="slick-slide slick-cloned" aria-hidden="true">m</div><div class="carousel-nav">l</div>`,
    );
    expect(ids).toEqual(
      expect.arrayContaining([
        "a1",
        "a2",
        "t1",
        "c-Accordion__body",
        "faq-answer",
        "tab-pane",
        "tabs__panel",
        "swiper-slide",
        "bp-Carousel__cell",
      ]),
    );
    // "Panel" alone names layout, "tab" alone a tab's button or its row; a looping carousel's copy of a
    // slide repeats it, and its controls are not a slide.
    for (const id of ["plain", "side-panel", "tab-bar", "slick-slide slick-cloned", "carousel-nav"])
      expect(ids).not.toContain(id);
  });

  it("keeps an FAQ's collapsed answers in the main content, and leaves out a hidden menu", () => {
    const faq = Array.from(
      { length: 4 },
      (_, i) =>
        `<div class="faq-item"><h3>Question ${i}?</h3><div class="faq-answer hidden" aria-hidden="true"><p>Answer ${i}. ${SENTENCE}</p></div></div>`,
    ).join("");
    const tabs = `<div role="tabpanel" id="tab-2" hidden><p>Second tab. ${SENTENCE}</p></div>`;
    const text = mainText(
      `<div hidden class="mobile-drawer"><a href="/a">Alpha</a> <a href="/b">Beta</a></div>
       <div class="collapse navbar-collapse" style="display:none"><a href="/c">Gamma</a></div>
       <main><h1>Our service</h1><p>Intro. ${SENTENCE} ${SENTENCE}</p>${tabs}<section>${faq}</section></main>`,
    );
    for (let i = 0; i < 4; i++) expect(text).toContain(`Answer ${i}.`);
    expect(text).toContain("Second tab.");
    for (const junk of ["Alpha", "Gamma"]) expect(text).not.toContain(junk);
  });

  it("finds an answer right after the button or the question heading that opens it, when it holds prose, and not a menu or a pop-up", () => {
    const ids = panelIds(
      `<button type="button"><h5>How long does it take?</h5></button><div id="reply" class="hidden"><p>${SENTENCE}</p></div>
       <div aria-expanded="false">Shipping</div><div id="shipping" hidden><p>${SENTENCE}</p></div>
       <button>Menu</button><div id="menu" hidden><a href="/a">Alpha</a> <a href="/b">Beta</a></div>
       <button>Add to cart</button><div id="added" hidden>Added to your cart! See details</div>
       <h3>Can it stay outdoors? <span class="toggler"><svg></svg></span></h3><div id="outdoors" style="display: none"><p>${SENTENCE}</p></div>
       <h3>Care and cleaning</h3><div id="care" style="display: none"><p>${SENTENCE}</p></div>`,
    );
    expect(ids).toEqual(expect.arrayContaining(["reply", "shipping", "outdoors"]));
    // A heading that asks nothing is a section's title, not an accordion's question.
    for (const id of ["menu", "added", "care"]) expect(ids).not.toContain(id);
  });

  it("keeps the answers of an FAQ whose questions are buttons in the main content", () => {
    const faq = Array.from(
      { length: 4 },
      (_, i) =>
        `<div class="item"><button type="button"><h5>Question ${i}?</h5></button><div class="text-sm hidden"><p>Answer ${i}. ${SENTENCE}</p></div></div>`,
    ).join("");
    const text = mainText(
      `<main><h1>Our service</h1><p>Intro. ${SENTENCE} ${SENTENCE}</p><section>${faq}</section></main>`,
    );
    for (let i = 0; i < 4; i++) expect(text).toMatch(new RegExp(`Question ${i}\\?\\s*Answer ${i}\\.`));
  });

  it("reads each element once on a page of panels nested a hundred thousand deep", () => {
    // Each level is a button and the panel it opens, prose only at the bottom: asking every level
    // whether it holds prose by reading its subtree anew is quadratic (minutes here; the test timeout
    // is 60 s). Each panel's question button, holding a heading, becomes text.
    const body = new LightElement("body");
    const level = nest(body, 100_000, (_, parent) => {
      const button = new LightElement("button");
      appendChild(button, new LightElement("h5"));
      appendChild(parent, button);
      return new LightElement("div");
    });
    appendChild(level, new LightText(SENTENCE));
    expect(divPanels(body)).toBe(100_000);
    keepQuestionButtons(body);
    expect(descendantsByTag(body, "button")).toHaveLength(0);
  });

  it("reads the last words of each of 100,000 headings nested in one another once, not their whole text", () => {
    // Each level is a heading and the hidden block after it; only the innermost heading asks. Reading
    // each heading's whole text to see whether it ends in "?" is quadratic here (minutes).
    const body = new LightElement("body");
    let level = body;
    for (let i = 0; i < 100_000; i++) {
      const heading = new LightElement("h3");
      appendChild(level, heading);
      appendChild(level, new LightElement("div", new Map([["hidden", ""]])));
      level = heading;
    }
    appendChild(level, new LightText("Why?"));
    // The hidden blocks hold no prose, so none is an answer; the walk finishing is the point.
    expect(divPanels(body)).toBe(0);
  });

  it("keeps a question button without a heading when prose follows it, and leaves other buttons furniture", () => {
    const text = mainText(
      `<main><h1>Our service</h1><p>Intro. ${SENTENCE} ${SENTENCE}</p>
       <div><button>Why choose us?</button><div class="hidden"><p>Because. ${SENTENCE}</p></div></div>
       <div><button>Is it free?</button><div class="tags"><a href="/a">Alpha</a></div></div>
       <div><button>Add to cart</button><p>Shipping. ${SENTENCE}</p></div></main>`,
    );
    expect(text).toMatch(/Why choose us\?\s*Because\./);
    expect(text).not.toContain("Is it free?");
    expect(text).not.toContain("Add to cart");
  });

  it("keeps a question drawn as a button inside a heading (the ARIA accordion pattern) above its answer", () => {
    const faq = Array.from(
      { length: 3 },
      (_, i) =>
        `<div class="card"><div class="card-header"><h3><button aria-expanded="true" aria-controls="c${i}">Topic ${i}</button></h3></div>` +
        `<div id="c${i}"><p>Answer ${i}. ${SENTENCE}</p></div></div>`,
    ).join("");
    const text = mainText(
      `<main><h1>Our service</h1><p>Intro. ${SENTENCE} ${SENTENCE}</p><h2>Questions</h2>${faq}</main>`,
    );
    for (let i = 0; i < 3; i++) expect(text).toMatch(new RegExp(`Topic ${i}\\s*Answer ${i}\\.`));
  });

  it("reads each button's next element once among 150,000 question buttons side by side", () => {
    // Looking each button up among its siblings is quadratic (minutes; the test timeout is 60 s).
    const body = new LightElement("body");
    for (let i = 0; i < 150_000; i++) {
      const button = new LightElement("button");
      appendChild(button, new LightText("Why?"));
      appendChild(body, button);
      const answer = new LightElement("p");
      appendChild(answer, new LightText(SENTENCE));
      appendChild(body, answer);
    }
    keepQuestionButtons(body);
    expect(descendantsByTag(body, "button")).toHaveLength(0);
  });
});
