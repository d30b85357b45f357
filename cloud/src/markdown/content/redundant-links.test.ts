import { describe, expect, it } from "vitest";
import { appendChild, LightElement, LightText } from "../dom/light-dom.js";
import { nest } from "../dom/nested.test.support.js";
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

  it("reads a link's text through a link left open inside it, as when a card's label sits in its picture's link", () => {
    const nested = (slug: string) =>
      `<li><h3><a href="/p/${slug}">Named ${slug}</a></h3><a href="/img/${slug}"><img src="/${slug}.jpg">` +
      `<a href="/p/${slug}">Outlet</a></a></li>`;
    const text = after(`<body><ul>${nested("a")}${nested("b")}${nested("c")}</ul></body>`);
    expect(text).not.toContain("Outlet");
    expect(text).toContain("Named c");
  });

  it("reads each text once when 100,000 links nest each in the one before", () => {
    // Reading every link's whole text read the rest of the page again per link (quadratic: minutes
    // here, where the test timeout is 60 s). The parser now bounds a page's depth (see
    // parse-document.ts), so the tree is built by hand, as deep as the pass might see one.
    const body = new LightElement("body");
    nest(body, 100_000, () => {
      const link = new LightElement("a", new Map([["href", "/x"]]));
      appendChild(link, new LightText("w "));
      return link;
    });
    removeRedundantLinks(body);
    expect(body.textContent.trim().length).toBe(100_000 * 2 - 1);
  });
});
