import { describe, expect, it } from "vitest";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removeAffiliateDisclosures } from "./affiliate-disclosures.js";

function textAfter(html: string): string {
  return bodyTextAfter(html, removeAffiliateDisclosures);
}

describe("removeAffiliateDisclosures", () => {
  it("removes a site's affiliate disclosures around the story, and keeps the story", () => {
    const text = textAfter(`<body><div class="wrap">
      <p><em>We may earn a commission from links on this page.</em> <a href="/trust">Why trust us?</a></p>
      <p>${STORY.repeat(3)}</p>
      <div><strong>Disclosure:</strong> This post contains affiliate links.</div>
      <p>Harbour Weekly is reader-supported. Learn more</p></div></body>`);
    expect(text).toContain("harbour master");
    expect(text).not.toContain("commission");
    expect(text).not.toContain("Why trust us");
    expect(text).not.toContain("Disclosure");
    expect(text).not.toContain("reader-supported");
  });

  it("keeps a paragraph about affiliate programmes and a link mentioned in passing", () => {
    const passing = "I rinse the nets with this soap (both are affiliate links), then dry them on the pier.";
    const long = `Anglers earn a commission on each catch sold at the market. ${STORY.repeat(3)}`;
    const text = textAfter(`<body><p>${passing}</p><p>${long}</p></body>`);
    expect(text).toContain("both are affiliate links");
    expect(text).toContain("earn a commission on each catch");
  });
});
