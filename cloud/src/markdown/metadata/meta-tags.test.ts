import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { metaTagFacts } from "./meta-tags.js";

const factsOf = (head: string) =>
  metaTagFacts(parseDocument(`<html><head>${head}</head><body></body></html>`).html);

describe("metaTagFacts", () => {
  it("reads the title, the author, the publication date and the site's name", () => {
    expect(
      factsOf(`<meta property="og:site_name" content="Daily Paper"><meta property="og:title" content="Rivers rise">
        <meta property="article:modified_time" content="2025-02-02T10:00:00Z">
        <meta property="article:published_time" content="2025-01-01T08:00:00Z">
        <meta name="author" content="Jo Writer">`),
    ).toEqual({
      title: "Rivers rise",
      authors: ["Jo Writer"],
      date: "2025-01-01T08:00:00Z",
      siteName: "Daily Paper",
    });
  });

  it("prefers the most specific tag, and turns scholarly names given name first", () => {
    expect(
      factsOf(`<meta name="author" content="Journal Inc.">
        <meta name="citation_author" content="Roy, Aniruddha"><meta name="citation_author" content="Jyoti Patel">
        <meta name="citation_author" content="Lee, Ann, Jr.">
        <meta name="date" content="2020-01-01"><meta name="citation_publication_date" content="2024/03/05">`),
    ).toEqual({ authors: ["Aniruddha Roy", "Jyoti Patel", "Lee, Ann, Jr."], date: "2024/03/05" });
  });

  it("ignores Twitter handles, publishers, empty and unnamed tags, and bounds what it keeps", () => {
    expect(
      factsOf(`<meta name="twitter:creator" content="@jo"><meta property="article:publisher" content="https://fb.com/x">
        <meta name="author" content="  "><meta content="Nobody"><meta name="author">`),
    ).toEqual({ authors: [] });
    const many = factsOf(`<meta name="citation_author" content="A">`.repeat(500));
    expect(many.authors).toHaveLength(50);
  });
});
