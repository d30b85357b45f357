import { describe, expect, it } from "vitest";
import { countByTag, descendantsByTag } from "../dom/light-dom.js";
import { parseDocument } from "../dom/parse-document.js";
import { prepareDocument } from "./prepare-document.js";

function prepared(html: string) {
  const doc = parseDocument(html);
  prepareDocument(doc.html, doc.body);
  return doc;
}

describe("prepareDocument", () => {
  it("turns a run of <br>s into a paragraph of what follows, and leaves code's line breaks", () => {
    const doc = prepared(
      "<div>one<br><br>two <b>bold</b><br>still two<br> <br>three</div><pre>a<br><br>b</pre>",
    );
    // A <br> inside the paragraph stays one (its text has none); the whitespace between the run's <br>s stays.
    const paragraphs = descendantsByTag(doc.body, "p").map((p) => p.textContent.trim());
    expect(paragraphs).toEqual(["two boldstill two", "three"]);
    expect(countByTag(descendantsByTag(doc.body, "pre")[0]!, "br")).toBe(2);
  });

  it("turns a run inside a paragraph into paragraphs of a <div>", () => {
    const doc = prepared("<p>one<br><br>two</p>");
    expect(doc.body.elementChildren.map((el) => el.tag)).toEqual(["div"]);
    expect(descendantsByTag(doc.body, "p").map((p) => p.textContent)).toEqual(["two"]);
  });

  it("puts the image a <noscript> holds in place of its lazy placeholder", () => {
    const doc = prepared(
      '<p><img class="lazy"><img src="blank.gif"><noscript><img src="photo.jpg"></noscript></p>',
    );
    const images = descendantsByTag(doc.body, "img");
    expect(images.map((img) => img.attr("src"))).toEqual(["photo.jpg"]);
    expect(images[0]!.attr("data-old-src")).toBe("blank.gif");
  });

  it("reads hostile pages in one pass: <br> runs, levels with a <br> each, lazy images, nested <noscript>s", () => {
    // Each <br> once looked its neighbours up among its siblings, and climbed to the body: quadratic.
    const runs = prepared(`<div>${"a<br><br>".repeat(100_000)}</div>`);
    expect(countByTag(runs.body, "p")).toBe(100_000);
    const deep = prepared("<div>a<br>".repeat(40_000) + "</div>".repeat(40_000));
    expect(countByTag(deep.body, "br")).toBe(40_000);
    const lazy = prepared(
      `<div>${'<img src="blank.gif"><noscript><img src="photo.jpg"></noscript>'.repeat(40_000)}</div>`,
    );
    expect(descendantsByTag(lazy.body, "img").every((img) => img.attr("src") === "photo.jpg")).toBe(true);
    // Each <noscript> of a nested run once walked down the whole run to ask whether it holds one image.
    const nested = prepared(`<img src="blank.gif">${"<noscript>".repeat(50_000)}<img src="photo.jpg">`);
    expect(countByTag(nested.body, "noscript")).toBe(0);
    // A link of 200,000 children after a run: read one by one, not spread into one call's arguments.
    const link = prepared(`<div>a<br><br><a href="/x">${"<span>s</span>".repeat(200_000)}</a></div>`);
    expect(descendantsByTag(link.body, "p")[0]!.elementChildren.map((el) => el.tag)).toEqual(["a"]);
  });
});
