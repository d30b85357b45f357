import { describe, expect, it } from "vitest";
import { parseDocument } from "../dom/parse-document.js";
import { furnitureByName } from "./furniture-names.js";
import type { PageType } from "./page-type.js";

/** What the names of the body's first element say, on a page of `type`. */
function judged(attrs: string, type: PageType = "article") {
  const doc = parseDocument(`<html><body><div ${attrs}>x</div></body></html>`);
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

  it("takes picks for the reader, rating stars and footnotes as furniture", () => {
    expect(judged('class="recommended-products"', "product")).toBe("words");
    expect(judged('class="rating-stars"', "listing")).toBe("words");
    expect(judged('id="footnotes"')).toBe("words");
    // Whole words: a star player's profile and a recommendation letter's text stay.
    expect(judged('class="starplayer recommendation-letter"')).toBeNull();
  });

  it("takes what the page marks as not its content for search engines as furniture", () => {
    expect(judged('class="devsite-article-meta nocontent"')).toBe("words");
    expect(judged('id="msfooter" class="nocontent"')).toBe("words");
  });

  it("reads a furniture word that a name's separator splits in two as the word", () => {
    expect(judged('class="tool-tip__content"')).toBe("navigation-words");
    expect(judged('class="side_bar"')).toBe("words");
    expect(judged('id="signUpForm"')).toBe("words");
    // Both parts are words: a button's size suffix does not make a row of buttons.
    expect(judged('class="m_button-s"')).toBeNull();
    expect(judged('class="tool-kit side-dish"')).toBeNull();
  });

  it("takes a form's status message as furniture", () => {
    expect(judged('class="w-form-done"')).toBe("words");
    expect(judged('class="form-fields"')).toBeNull();
  });
});
