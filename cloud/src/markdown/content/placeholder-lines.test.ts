import { describe, expect, it } from "vitest";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removePlaceholderLines } from "./placeholder-lines.js";

function textAfter(html: string): string {
  return bodyTextAfter(html, removePlaceholderLines);
}

describe("removePlaceholderLines", () => {
  it("removes loading indicators and a quote's expander, and keeps the quote and the story", () => {
    const text = textAfter(`<body>
      <div class="reviews"><span>Loading...</span></div>
      <ul><li><h3>LOADING…</h3></li></ul>
      <p>Please wait</p>
      <blockquote><div>The tide turns at six.</div><div class="expand">Click to expand...</div></blockquote>
      <p>${STORY}</p></body>`);
    expect(text).toContain("The tide turns at six.");
    expect(text).toContain("harbour master");
    expect(text).not.toMatch(/loading|please wait|click to expand/i);
  });

  it("removes a list's empty state and a likes widget's placeholder", () => {
    const text = textAfter(`<body>
      <p>${STORY}</p>
      <div class="sharedaddy"><h3>Like this:</h3><div>Like <span>Loading...</span></div></div>
      <section class="comments"><p>No comments yet.</p></section>
      <div class="related"><p>No posts</p></div></body>`);
    expect(text).toContain("harbour master");
    expect(text).not.toMatch(/loading|no comments|no posts/i);
  });

  it("keeps a sentence that says there are none", () => {
    const text = textAfter(`<body><p>No posts were lost in the storm.</p><p>${STORY}</p></body>`);
    expect(text).toContain("No posts were lost in the storm.");
  });

  it("keeps sentences that mention loading, and a label with more words", () => {
    const text = textAfter(`<body>
      <p>Loading the boats takes an hour.</p>
      <p>Loading dock</p>
      <p>${STORY}</p></body>`);
    expect(text).toContain("Loading the boats takes an hour.");
    expect(text).toContain("Loading dock");
  });
});
