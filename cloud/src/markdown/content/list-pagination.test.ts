import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { isPaginatedList } from "./list-pagination.js";
import { detectPageType } from "./page-type.js";

const ARTICLE_META = `<meta property="og:type" content="article">`;

function page(head: string): ReturnType<ReturnType<typeof parsePage>["copy"]> {
  return parsePage(`<html><head>${ARTICLE_META}${head}</head><body><p>Posts</p></body></html>`).copy();
}

/** Whether a page at `url` whose `<link rel="next">` leads to `next` is a list's page. */
function paginated(url: string, next: string): boolean {
  return isPaginatedList(page(`<link rel="next" href="${next}">`).html, url);
}

describe("isPaginatedList", () => {
  it("reads a next page that continues the page's address with a page number as a list's page", () => {
    const url = "https://blog.example/category/recipes/";
    const nexts = ["page/2/", "/category/recipes/Page-2", "?page=2", "?paged=2"];
    expect(nexts.filter((next) => paginated(url, next))).toEqual(nexts);
  });

  it("does not read an article's link to the next post, or a story's next part, as a list's page", () => {
    const post = "https://blog.example/2016/01/25/a-post/";
    expect(paginated(post, "/2016/02/15/another-post/")).toBe(false);
    expect(paginated(post, "/2016/01/25/a-post/2/")).toBe(false);
    expect(paginated(post, "https://other.example/2016/01/25/a-post/page/2/")).toBe(false);
    // WordPress's plain addresses: `?p=` is a post's id, not a page.
    expect(paginated("https://blog.example/?p=123", "/?p=124")).toBe(false);
    const previous = page(`<link rel="prev" href="/page/2/">`);
    expect(isPaginatedList(previous.html, "https://blog.example/")).toBe(false);
  });

  it("takes a blog's archive that declares itself an article for a collection", () => {
    const url = "https://blog.example/category/recipes/";
    const archive = page(`<link rel="next" href="${url}page/2/">`);
    expect(detectPageType({ url, things: [], html: archive.html })).toBe("collection");
    const post = page(`<link rel="next" href="https://blog.example/another-post/">`);
    expect(detectPageType({ url: "https://blog.example/a-post/", things: [], html: post.html })).toBe(
      "article",
    );
  });
});
