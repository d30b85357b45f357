import { describe, expect, it } from "vitest";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removeFeedbackPrompts } from "./feedback-prompts.js";

function textAfter(html: string): string {
  return bodyTextAfter(html, removeFeedbackPrompts);
}

describe("removeFeedbackPrompts", () => {
  it("removes a page's request for the reader's verdict, with its buttons' words, and keeps the story", () => {
    const text = textAfter(`<body><article><p>${STORY.repeat(3)}</p>
      <div class="feedback"><h2>Feedback</h2><p>Was this page helpful?</p>
        <button>Yes</button> <button>No</button></div>
      <p><b>Did you find this article useful?</b></p>
      <div><span>Was this helpful?</span> <span>Yes</span> <span>No</span></div></article></body>`);
    expect(text).toContain("harbour master");
    expect(text).not.toContain("helpful");
    expect(text).not.toContain("useful");
    expect(text).toContain("Feedback");
  });

  it("removes a star rating's prompts and tally", () => {
    const text = textAfter(`<body><p>${STORY.repeat(3)}</p><div class="rating">
      <p>How useful was this post?</p><p>Click on a star to rate it!</p>
      <p>Average rating 4.6 / 5. Vote count: 4,285</p><p>No votes so far! Be the first to rate this post.</p>
      <p>Let us improve this post!</p><p>Tell us how we can improve this post?</p></div></body>`);
    expect(text).toBe(STORY.repeat(3).trim());
  });

  it("keeps a sentence that asks the question as part of the text, and a long block around it", () => {
    const asked = "Was this page helpful to the harbour master when the boats came in?";
    const long = `Was this page helpful? ${STORY.repeat(2)}`;
    const text = textAfter(`<body><p>${asked}</p><p>${long}</p></body>`);
    expect(text).toContain(asked);
    expect(text).toContain("Was this page helpful? The harbour");
  });
});
