import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { findMainContent } from "./find-main-content.js";
import { removeRemarksOnPosts } from "./remarks-on-posts.js";
import { readStructuredData } from "./structured-data.js";

const SENTENCE =
  "The text goes on for a while, with commas, clauses, and enough words to read as a paragraph of prose.";

const remark = (text: string) =>
  `<li itemprop="comment" itemscope itemtype="https://schema.org/Comment"><span itemprop="text">${text}</span> – <a href="/u/9">someone</a></li>`;

function thread(): string {
  const answers = Array.from(
    { length: 3 },
    (_, i) =>
      `<div itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer"><div itemprop="text"><p>Answer ${i}. ${SENTENCE}</p></div>
       <ul class="comments">${remark(`Remark on answer ${i}, does it still work?`)}</ul></div>`,
  ).join("");
  return `<html><body><main itemscope itemtype="https://schema.org/QAPage">
    <div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question"><h1 itemprop="name">How to back up?</h1>
    <div itemprop="text"><p>The question. ${SENTENCE}</p></div><ul class="comments">${remark("Remark on the question")}</ul>
    ${answers}</div></main></body></html>`;
}

describe("removeRemarksOnPosts", () => {
  it("removes the comments under a question and its answers, and keeps the answers", () => {
    const doc = parseDocument(thread());
    removeRemarksOnPosts(readStructuredData(doc.html));
    const text = doc.body.textContent;
    expect(text).toContain("The question.");
    for (let i = 0; i < 3; i++) expect(text).toContain(`Answer ${i}.`);
    expect(text).not.toContain("Remark on");
  });

  it("keeps a forum's replies, which are comments of the thread's posting, not of a question", () => {
    const replies = Array.from(
      { length: 3 },
      (_, i) =>
        `<div itemprop="comment" itemscope itemtype="https://schema.org/Comment"><p itemprop="text">Reply ${i}. ${SENTENCE}</p></div>`,
    ).join("");
    const html = `<html><body><article itemscope itemtype="https://schema.org/DiscussionForumPosting"><h1>Thread</h1>
      <p itemprop="text">First post. ${SENTENCE}</p>${replies}</article></body></html>`;
    const text = findMainContent(parseDocument(html), "https://forum.example.com/t/thread/1").root
      .textContent;
    for (let i = 0; i < 3; i++) expect(text).toContain(`Reply ${i}.`);
  });

  it("leaves the remarks out of a Q&A page's main content", () => {
    const found = findMainContent(
      parseDocument(thread()),
      "https://qa.example.com/questions/1/how-to-back-up",
    );
    expect(found.type).toBe("forum");
    expect(found.root.textContent).toContain("Answer 2.");
    expect(found.root.textContent).not.toContain("does it still work");
  });
});
