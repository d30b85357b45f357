import { describe, expect, it } from "vitest";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removeReadingTimes } from "./reading-times.js";

function textAfter(html: string): string {
  return bodyTextAfter(html, removeReadingTimes);
}

describe("removeReadingTimes", () => {
  it("removes a story's reading-time lines, with the date they carry, and keeps the story", () => {
    const text = textAfter(`<body><div class="wrap">
      <div><time>March 15, 2022</time> · <span>3 min read</span></div>
      <p><b>12 minute read</b></p>
      <p>${STORY.repeat(3)}</p></div></body>`);
    expect(text).toContain("harbour master");
    expect(text).not.toContain("min read");
    expect(text).not.toContain("minute read");
    expect(text).not.toContain("March 15");
  });

  it("keeps a paragraph that mentions reading and a long block with a reading time", () => {
    const about = "Give yourself 10 minutes to read the harbour's charts before the boats leave.";
    const long = `3 min read. ${STORY.repeat(3)}`;
    const text = textAfter(`<body><p>${about}</p><p>${long}</p></body>`);
    expect(text).toContain("10 minutes to read");
    expect(text).toContain("3 min read");
  });
});
