import { describe, expect, it } from "vitest";
import { authorName, authorNames } from "./author-names.js";

describe("authorName", () => {
  it("keeps a name as written, less a CMS's wrapping", () => {
    expect(authorName("Brian Truitt")).toBe("Brian Truitt");
    expect(authorName("By Thai Vong")).toBe("Thai Vong");
    expect(authorName(", USA TODAY")).toBe("USA TODAY");
    expect(authorName("  Çelik   Nimani | ")).toBe("Çelik Nimani");
    expect(authorName("Bystrov Ivan")).toBe("Bystrov Ivan");
  });

  it("gives nothing for what names nobody", () => {
    for (const stated of [
      "Administrator",
      "admin",
      "Name",
      "https://www.topics.plusrelocation.com/u/102d3o3/chris-pardo",
      "www.example.com",
      "ops@our-hometown.com",
      "page.head.extra.author",
      "{{ post.author }}",
      "${author}",
      " - ",
      "12345",
    ])
      expect(authorName(stated), stated).toBeUndefined();
  });
});

describe("authorNames", () => {
  it("joins the names left once each, bounded", () => {
    expect(authorNames(["A. Writer", "By A. Writer", "admin", "B. Writer"], 300)).toBe(
      "A. Writer, B. Writer",
    );
    expect(authorNames(["admin"], 300)).toBeUndefined();
    expect(authorNames(["x".repeat(200), "y".repeat(200)], 300)).toHaveLength(300);
  });
});
