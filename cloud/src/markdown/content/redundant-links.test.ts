import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { removeRedundantLinks } from "./redundant-links.js";

function card(slug: string, title: string, label: string): string {
  return `<li><h3><a href="/p/${slug}">${title}</a></h3><p>Hand made in small batches.</p>
    <a href="/p/${slug}">${label}</a></li>`;
}

function after(html: string): string {
  const doc = parseDocument(html);
  removeRedundantLinks(doc.body);
  return doc.body.textContent.replace(/\s+/g, " ").trim();
}

describe("removeRedundantLinks", () => {
  it("removes a card's stock label that repeats its title link's target, and keeps the titles", () => {
    const text =
      after(`<body><ul>${card("a", "Oak Desk", "Read more")}${card("b", "Walnut Shelf", "Read more")}
      ${card("c", "Maple Stool", "Read more")}</ul></body>`);
    expect(text).not.toContain("Read more");
    expect(text).toContain("Oak Desk");
    expect(text).toContain("Maple Stool");
  });

  it("keeps a label shown fewer than three times", () => {
    const text = after(
      `<body><ul>${card("a", "Oak Desk", "Read more")}${card("b", "Walnut Shelf", "Read more")}</ul></body>`,
    );
    expect(text.split("Read more").length).toBe(3);
  });

  it("keeps a repeated label whose target no other link names", () => {
    const text = after(`<body><p><a href="/x">Details</a></p><p><a href="/y">Details</a></p>
      <p><a href="/z">Details</a></p></body>`);
    expect(text.split("Details").length).toBe(4);
  });
});
