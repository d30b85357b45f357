import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { removeRepeatedText } from "./repeated-text.js";
import { appendChild, LightElement, LightText } from "../dom/light-dom.js";
import { nest } from "../dom/nested.test.support.js";

const POST = "I currently own closed headphones but want a wider stage and better separation, any advice?";
const REPLY = "Try an open-back pair at home first, the stage is the biggest difference you will hear.";

function after(html: string): string {
  const doc = parseDocument(html);
  removeRepeatedText(doc.body);
  return doc.body.textContent.replace(/\s+/g, " ").trim();
}

describe("removeRepeatedText", () => {
  it("finds a copy whose block also holds an element without text (an icon, a microdata tag)", () => {
    const text = after(`<body><div class="mobile"><div><i class="icon"></i><span>${POST}</span></div></div>
      <div class="desktop"><div><meta itemprop="text" content=""><span>${POST}</span></div></div></body>`);
    expect(text.split(POST).length).toBe(2);
  });

  it("removes a quotation of a post shown above it, and keeps the reply", () => {
    const text = after(`<body><div class="post"><p>${POST}</p></div>
      <div class="post"><blockquote><p>${POST}</p></blockquote><p>${REPLY}</p></div></body>`);
    expect(text.split(POST).length).toBe(2);
    expect(text).toContain(REPLY);
  });

  it("keeps a quotation of text the page does not show elsewhere", () => {
    const text = after(
      `<body><div class="post"><blockquote><p>${POST}</p></blockquote><p>${REPLY}</p></div></body>`,
    );
    expect(text).toContain(POST);
  });

  it("keeps the first copy of a repeated block in another layout, and both copies side by side", () => {
    const text = after(`<body><div><p>${REPLY}</p></div><div><p>${REPLY}</p></div>
      <div><p>${POST}</p><p>${POST}</p></div></body>`);
    expect(text.split(REPLY).length).toBe(2);
    expect(text.split(POST).length).toBe(3);
  });

  it("removes a second copy of a block whose lines are each too short to compare alone (a sticky bar)", () => {
    const bar = `<h3>Linen Field Jacket</h3><p>€132.34</p><ul><li>GBP: £110.82</li><li>USD: $149.64</li></ul>`;
    const text = after(`<body><div class="product"><div class="summary">${bar}</div><p>${POST}</p></div>
      <div class="sticky-bar"><div class="inner">${bar}</div></div></body>`);
    expect(text.split("Linen Field Jacket").length).toBe(2);
    expect(text.split("USD: $149.64").length).toBe(2);
    expect(text).toContain(POST);
  });

  it("removes the second of two layouts side by side (a mobile and a desktop copy of a price list)", () => {
    const prices = `<p>From €132</p><ul><li>GBP: £110.82</li><li>USD: $149.64</li></ul>`;
    const text = after(`<body><div class="buy"><div class="prices-mobile">${prices}</div>
      <div class="prices-desktop">${prices}</div></div></body>`);
    expect(text.split("USD: $149.64").length).toBe(2);
  });

  it("keeps the blocks two cards of one grid share (a plan's list of features)", () => {
    const features = `<li>Unlimited projects and boards</li><li>Priority support by email</li>`;
    const text = after(`<body><div class="plans">
      <div class="plan"><h3>Team</h3><div class="features"><ul>${features}</ul></div></div>
      <div class="plan"><h3>Business</h3><div class="features"><ul>${features}</ul></div></div>
      </div></body>`);
    expect(text.split("Unlimited projects and boards").length).toBe(3);
  });

  it("keeps a block and the wrapper that holds only it", () => {
    const text = after(
      `<body><section><div><h3>Care</h3><p>Wash cold, dry flat in the shade.</p></div></section></body>`,
    );
    expect(text.split("Wash cold, dry flat in the shade.").length).toBe(2);
    expect(text).toMatch(/^Care/);
  });
  it("compares paragraphs an inline wrapper holds (an answer's preview and its full text)", () => {
    const text =
      after(`<body><div class="answer"><div class="preview"><span><p>${POST}</p><p>Try an open-back pa</p></span></div>
      <div class="full"><span><p>${POST}</p><p>${REPLY}</p></span></div></div></body>`);
    expect(text.split(POST).length).toBe(2);
    expect(text).toContain(REPLY);
  });
  it("keeps the name two linked cards share (a product in two colours), each card a link around blocks", () => {
    const name = "Merino Wool Calf Sock Four-Pack Gift Box";
    const text =
      after(`<body><div class="grid"><div class="cell"><a href="/p/1"><div><p>${name}</p><p>Navy</p></div></a></div>
      <div class="cell"><a href="/p/2"><div><p>${name}</p><p>Charcoal</p></div></a></div></div></body>`);
    expect(text.split(name).length).toBe(3);
  });

  it("keeps a line each card of a known grid shows, not in a card that copies another whole (a carousel's clone)", () => {
    const terms = "Must be presented before the start of work.";
    const card = (name: string) =>
      `<div class="coupon"><h3>${name}</h3><p>Save on every visit this month.</p><p>${terms}</p></div>`;
    const html = `<body><div class="grid">${card("$50 off")}${card("$75 off")}${card("$50 off")}</div>
      <aside><p>${terms}</p></aside></body>`;
    const doc = parseDocument(html);
    const cards = doc.body.elementChildren[0]!.elementChildren;
    removeRepeatedText(doc.body, new Map(cards.map((card) => [card, 0])));
    const text = doc.body.textContent.replace(/\s+/g, " ");
    // The two different cards keep their line; the third card copies the first whole, and the line
    // outside the grid repeats the first card's.
    expect(text.split(terms).length).toBe(3);
    // Without the grid every copy after the first goes.
    expect(after(html).split(terms).length).toBe(2);
  });

  it("finds each line's card once among 10,000 lines repeated in cards nested 100,000 deep", () => {
    const body = new LightElement("body");
    const cards: LightElement[] = [];
    for (let i = 0; i < 2; i++) {
      const card = new LightElement("div");
      appendChild(body, card);
      cards.push(card);
      const inner = nest(card, 100_000, () => new LightElement("div"));
      for (let line = 0; line < 10_000; line++) {
        const p = new LightElement("p");
        appendChild(
          p,
          new LightText(`${i ? "Second" : "First"} card's own name. Line ${line} of the card's facts.`),
        );
        appendChild(inner, p);
        if (line % 2) {
          const shared = new LightElement("p");
          appendChild(shared, new LightText(`A line both cards show, number ${line}.`));
          appendChild(inner, shared);
        }
      }
    }
    removeRepeatedText(body, new Map(cards.map((card) => [card, 0])));
    expect(body.textContent.split("A line both cards show, number 9999.").length).toBe(3);
  });

  it("reads the tree once under inline wrappers nested 200,000 deep around paragraphs", () => {
    // Each span holds a paragraph, so the walk goes into it; asking each anew read its whole subtree
    // (quadratic: minutes here, where the test timeout is 60 s).
    const body = new LightElement("body");
    const level = nest(body, 200_000, () => new LightElement("span"));
    for (const [parent, text] of [
      [level, POST],
      [level, REPLY],
      [body, POST],
    ] as const) {
      const p = new LightElement("p");
      appendChild(p, new LightText(text));
      appendChild(parent, p);
    }
    removeRepeatedText(body);
    expect(body.textContent).toBe(POST + REPLY);
  });
});
