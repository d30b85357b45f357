import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { removeCardLabels } from "./card-labels.js";
import { appendChild, LightElement, LightText } from "../dom/light-dom.js";

function card(name: string, badge: string, price: string): string {
  return `<li><div class="badge">${badge}</div><h3>${name}</h3><p>Hand made in small batches of oak.</p>
    <div>${price}</div><div>In stock</div></li>`;
}

function after(html: string, posts = false): string {
  const doc = parseDocument(html);
  removeCardLabels(doc.body, posts);
  return doc.body.textContent.replace(/\s+/g, " ").trim();
}

describe("removeCardLabels", () => {
  it("removes a short label every card shows, and keeps the names, prices and descriptions", () => {
    const text = after(`<body><ul>${card("Oak Desk", "New", "$120")}${card("Oak Shelf", "New", "$120")}
      ${card("Oak Stool", "New", "$120")}${card("Oak Bench", "Sale", "$120")}</ul></body>`);
    expect(text).not.toContain("In stock");
    expect(text).not.toContain("New");
    expect(text).toContain("Sale");
    expect(text).toContain("Oak Stool");
    expect(text.split("$120").length).toBe(5);
    expect(text.split("Hand made in small batches of oak.").length).toBe(5);
  });

  it("on a thread, removes each post's counters, which differ only in their numbers", () => {
    const post = (n: number, user: string, body: string) =>
      `<div class="post"><div class="user"><a href="/u/${user}">${user}</a><div>${n * 120} posts · Joined 201${n}</div></div>
       <div>#${n}</div><p>${body}</p><div>${n + 2} likes</div></div>`;
    const html = `<body>${post(1, "ann", "I paint with oils, 3 times a week.")}${post(2, "bob", "Try acrylics first.")}
      ${post(3, "cy", "Watercolour dries in 20 minutes.")}</body>`;
    const thread = after(html, true);
    for (const counter of ["posts · Joined", "#2", "likes"]) expect(thread).not.toContain(counter);
    for (const kept of ["ann", "bob", "3 times a week", "Try acrylics first.", "20 minutes"])
      expect(thread).toContain(kept);
    // Elsewhere texts with digits are each item's own.
    expect(after(html)).toContain("240 posts · Joined 2012");
  });

  it("finds a post's counter beside the microdata tags that state it", () => {
    const post = (n: number, body: string) =>
      `<div class="post"><p>${body}</p><div><meta itemprop="userInteractionCount" content="${n}">
       <span class="likes">${n} Like</span></div></div>`;
    const thread = after(
      `<body>${post(1, "Oils first.")}${post(2, "Acrylics first.")}${post(3, "Inks.")}</body>`,
      true,
    );
    expect(thread).not.toContain("Like");
    for (const kept of ["Oils first.", "Acrylics first.", "Inks."]) expect(thread).toContain(kept);
  });

  it("keeps a short text shown twice", () => {
    const text = after(
      `<body><ul>${card("Oak Desk", "New", "$120")}${card("Oak Shelf", "New", "$90")}</ul></body>`,
    );
    expect(text.split("In stock").length).toBe(3);
  });

  it("keeps repeated words inside code and tables", () => {
    const text = after(`<body><pre><div>return x</div><div>return x</div><div>return x</div></pre>
      <table><tr><td>Yes</td><td>Yes</td><td>Yes</td></tr></table></body>`);
    expect(text.split("return x").length).toBe(4);
    expect(text.split("Yes").length).toBe(4);
  });

  it("removes four hundred thousand labels among their cards' texts at once", () => {
    // Removed one by one, each label was looked up among its siblings (quadratic: 70 s for 300,000 here,
    // where the test timeout is 60 s; about 1 s with them removed at once).
    const list = new LightElement("div");
    for (let i = 0; i < 400_000; i++) {
      for (const text of ["New", `Oak desk ${i}`]) {
        const div = new LightElement("div");
        appendChild(div, new LightText(text));
        appendChild(list, div);
      }
    }
    const body = new LightElement("body");
    appendChild(body, list);
    removeCardLabels(body);
    expect(list.children).toHaveLength(400_000);
    expect(
      list.children.every((child) => child.type === "element" && !child.textContent.includes("New")),
    ).toBe(true);
    expect(list.children.every((child) => child.parent === list)).toBe(true);
  });
});
