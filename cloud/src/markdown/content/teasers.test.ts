import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { descendantsByTag } from "../dom/light-dom.js";
import { leadsElsewhere } from "./teasers.js";

function card(html: string) {
  const body = parsePage(`<html><body>${html}</body></html>`).copy().body;
  return body.elementChildren[0]!;
}

describe("leadsElsewhere", () => {
  it("is true for a card with a link inside, or a card that is a link", () => {
    expect(leadsElsewhere(card(`<div><h3>Story</h3><p>Teaser. <a href="/story">Read</a></p></div>`))).toBe(
      true,
    );
    expect(leadsElsewhere(card(`<a href="/story"><h3>Story</h3><p>Teaser.</p></a>`))).toBe(true);
  });

  it("is false for a card without links, or whose anchors have no address", () => {
    expect(leadsElsewhere(card(`<div><h3>Fast</h3><p>Pages load at once.</p></div>`))).toBe(false);
    const anchorOnly = card(`<div><a name="fast"></a><a href=" ">x</a><h3>Fast</h3></div>`);
    expect(descendantsByTag(anchorOnly, "a")).toHaveLength(2);
    expect(leadsElsewhere(anchorOnly)).toBe(false);
  });
});
