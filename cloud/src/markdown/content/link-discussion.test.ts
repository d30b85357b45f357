import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { findMainContent } from "./find-main-content.js";
import { isLinkDiscussion } from "./link-discussion.js";

const SENTENCE =
  "The text goes on for a while, with commas, clauses, and enough words to read as a paragraph of prose.";

function comments(count: number): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `<div class="comment"><a href="/u/${i}">user${i}</a> <time>2 hours ago</time><p>Reply ${i}. ${SENTENCE}</p></div>`,
  ).join("");
}

function bodyOf(html: string) {
  return parseDocument(html).body;
}

describe("isLinkDiscussion", () => {
  const shared = `<body><nav><a href="/">Home</a></nav><h1><a href="https://blog.example.org/goals">Project goals for 2024</a></h1>
    <p class="byline">via <a href="/u/alex">alex</a> 3 hours ago</p><div class="comments">${comments(30)}</div></body>`;

  it("takes a shared link under a long discussion for a thread, and keeps every reply", () => {
    expect(isLinkDiscussion(bodyOf(shared))).toBe(true);
    const main = findMainContent(
      parseDocument(`<html>${shared}</html>`),
      "https://links.example/s/abc/goals",
    );
    expect(main.type).toBe("forum");
    for (const i of [0, 15, 29]) expect(main.root.textContent).toContain(`Reply ${i}.`);
  });

  it("leaves an article with its comments an article, and a link with a few replies", () => {
    const story = Array.from({ length: 4 }, (_, i) => `<p>Paragraph ${i}. ${SENTENCE}</p>`).join("");
    expect(
      isLinkDiscussion(
        bodyOf(`<body><article>${story}</article><div class="comments">${comments(30)}</div></body>`),
      ),
    ).toBe(false);
    expect(
      isLinkDiscussion(
        bodyOf(
          `<body><h1><a href="https://x.example/">A link</a></h1><div class="comments">${comments(3)}</div></body>`,
        ),
      ),
    ).toBe(false);
  });

  it("takes a post declared an article, whose marked-up comments far outweigh it, for a thread's first post", () => {
    const question = Array.from({ length: 6 }, (_, i) => `<p>Question ${i}. ${SENTENCE}</p>`).join("");
    const replies = Array.from(
      { length: 30 },
      (_, i) =>
        `<div class="comment" itemscope itemtype="https://schema.org/Comment"><p itemprop="text">Reply ${i}. ${SENTENCE}</p></div>`,
    ).join("");
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"A question"}</script>`;
    const page = `<html><head>${ld}</head><body><article>${question}</article><section id="comments">${replies}</section></body></html>`;
    const main = findMainContent(parseDocument(page), "https://www.example.com/help/123-a-question.html");
    expect(main.type).toBe("forum");
    for (const i of [0, 15, 29]) expect(main.root.textContent).toContain(`Reply ${i}.`);
    // The same post with unmarked comments stays an article, its comments furniture.
    const plain = page.replace(/ itemscope itemtype="[^"]+"/g, "");
    expect(
      findMainContent(parseDocument(plain), "https://www.example.com/help/123-a-question.html").type,
    ).toBe("article");
  });
});
