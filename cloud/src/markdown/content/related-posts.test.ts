import { describe, expect, it } from "vitest";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removeRelatedPosts } from "./related-posts.js";

const answer = (body: string) =>
  `<div class="item"><div><a href="/profile/a">Ada Finch</a><span>Harbour pilot</span></div><p>${body} ${STORY}</p></div>`;

function textAfter(html: string): string {
  return bodyTextAfter(html, removeRelatedPosts);
}

describe("removeRelatedPosts", () => {
  it("removes an answer to another question shown among the thread's answers, and keeps the thread's", () => {
    const text = textAfter(`<body><h1>Why do boats leave before dawn?</h1><div class="answers">
      ${answer(`Own answer one. ${STORY}`)}${answer(`Own answer two. ${STORY}`)}
      <div class="item"><div><span>Related</span></div><div><a href="/q/other">Why do gulls follow boats?</a></div>
        ${answer(`Other answer. ${STORY}`)}</div>
      ${answer(`Own answer three. ${STORY}`)}</div></body>`);
    for (const kept of ["Own answer one", "Own answer two", "Own answer three"]) expect(text).toContain(kept);
    expect(text).not.toContain("Related");
    expect(text).not.toContain("gulls");
    expect(text).not.toContain("Other answer");
  });

  it("keeps a block whose first words only mention related things, and a short labelled line", () => {
    const text = textAfter(`<body><div class="answers">
      <div class="item"><p><span>Related</span> work on tides is older. ${STORY}</p></div>
      <div class="item"><a href="/related">Related</a><p>${STORY}</p></div>
      <div class="item"><span>Sponsored</span><a href="/ad">Buy charts</a></div></div></body>`);
    expect(text).toContain("work on tides");
    expect(text.split("harbour master").length).toBe(3);
    expect(text).toContain("Buy charts");
  });
});
