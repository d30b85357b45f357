import { describe, expect, it } from "vitest";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removeCookieNotices } from "./cookie-notices.js";

function textAfter(html: string): string {
  return bodyTextAfter(html, removeCookieNotices);
}

describe("removeCookieNotices", () => {
  it("removes an unnamed notice with its buttons, and keeps the story", () => {
    const text = textAfter(`<body><main><p>${STORY.repeat(4)}</p></main>
      <div class="x9"><div><p>This website uses cookies to improve your experience.</p></div>
      <span>Accept</span> <span>Cookie Settings</span></div></body>`);
    expect(text).toContain("harbour master");
    expect(text).not.toContain("uses cookies");
    expect(text).not.toContain("Cookie Settings");
  });

  it("keeps a long paragraph that mentions cookies as part of what it says", () => {
    const long = `${STORY.repeat(5)}Regulators now ask whether this website uses cookies before any are set. ${STORY}`;
    const text = textAfter(`<body><main><p>${long}</p><p>${STORY}</p></main></body>`);
    expect(text).toContain("this website uses cookies");
  });
});
