import { describe, expect, it } from "vitest";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removeCopyrightNotices } from "./copyright-notices.js";
import { appendChild, LightElement, LightText } from "../dom/light-dom.js";
import { nest } from "../dom/nested.test.support.js";

function textAfter(html: string): string {
  return bodyTextAfter(html, removeCopyrightNotices);
}

describe("removeCopyrightNotices", () => {
  it("removes a site's copyright line inside the content's wrapper, and keeps the story", () => {
    const text = textAfter(`<body><div class="wrap"><p>${STORY.repeat(3)}</p>
      <p><small>© 2025 Harbour Weekly Ltd.</small> <a href="/terms">Terms</a></p>
      <div>Copyright 1998 - 2025 Harbour Weekly. <b>All rights reserved.</b></div></div></body>`);
    expect(text).toContain("harbour master");
    expect(text).not.toContain("Harbour Weekly");
    expect(text).not.toContain("Terms");
  });

  it("removes a line that ends with 'All rights reserved'", () => {
    const text = textAfter(
      `<body><p>${STORY}</p><p>Harbour Weekly Ltd, 12 Quay Street. All Rights Reserved</p></body>`,
    );
    expect(text).toContain("harbour master");
    expect(text).not.toContain("Quay Street");
  });

  it("keeps a paragraph about copyright, a photo credit and a long block that merely starts with the sign", () => {
    const about = "Copyright law protects the harbour's old charts, which the museum lends to schools.";
    const credit = "Boats at dawn | © 2019 A. Painter";
    const long = `© 2019 the harbour trust, whose report follows. ${STORY.repeat(3)}`;
    const text =
      textAfter(`<body><p>${about}</p><figure><img src="a.jpg"><figcaption>${credit}</figcaption></figure>
      <p>${long}</p></body>`);
    expect(text).toContain("Copyright law protects");
    expect(text).toContain(credit);
    expect(text).toContain("whose report follows");
  });

  it("climbs once from texts with the sign nested 200,000 inline wrappers deep", () => {
    // Each text climbed through all its wrappers to its block (quadratic: minutes here, where the test
    // timeout is 60 s). The block is far longer than a notice: it stays.
    const body = new LightElement("body");
    const p = new LightElement("p");
    appendChild(body, p);
    nest(p, 200_000, () => {
      const span = new LightElement("span");
      appendChild(span, new LightText("© "));
      return span;
    });
    removeCopyrightNotices(body);
    expect(body.children).toEqual([p]);
    expect(p.stats.nonSpace).toBe(200_000);
  });
});
