import { describe, expect, it } from "vitest";
import { parsePage } from "../dom/parse-document.js";
import { furnitureByName } from "./furniture-names.js";
import type { PageType } from "./page-type.js";

/** What the names of the body's first element say, on a page of `type`. */
function judged(attrs: string, type: PageType = "article") {
  const doc = parsePage(`<html><body><div ${attrs}>x</div></body></html>`).copy();
  return furnitureByName(doc.body.elementChildren[0]!, type);
}

describe("furnitureByName", () => {
  it("tells navigation, which prose may outweigh, from other furniture", () => {
    expect(judged('class="site-nav"')).toBe("navigation-words");
    expect(judged('class="post-share_bar"')).toBe("words");
    expect(judged('id="shareBar"')).toBe("words");
    // Whole words only: `navy` is no `nav`, `sharepoint` no `share`.
    expect(judged('class="navy sharepoint"')).toBeNull();
  });

  it("takes a name that says content as content", () => {
    expect(judged('class="article-body"')).toBeNull();
    expect(judged('class="entry-content"')).toBeNull();
  });

  it("reads some words by the type of page", () => {
    // Reviews are a product's furniture, a forum's comments are its content, a modal is a product's sheet.
    expect(judged('class="reviews"', "product")).toBe("words");
    expect(judged('class="reviews"', "article")).toBeNull();
    expect(judged('class="comments"', "article")).toBe("words");
    expect(judged('class="comments"', "forum")).toBeNull();
    expect(judged('class="modal"', "article")).toBe("navigation-words");
    expect(judged('class="modal"', "product")).toBeNull();
  });

  it("takes a form's status message as furniture", () => {
    expect(judged('class="w-form-done"')).toBe("words");
    expect(judged('class="form-fields"')).toBeNull();
  });
});
