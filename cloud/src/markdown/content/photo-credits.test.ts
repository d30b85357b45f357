import { describe, expect, it } from "vitest";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removePhotoCredits } from "./photo-credits.js";
import { appendChild, LightElement, LightText } from "../dom/light-dom.js";
import { nest } from "../dom/nested.test.support.js";

function textAfter(html: string): string {
  return bodyTextAfter(html, removePhotoCredits);
}

describe("removePhotoCredits", () => {
  it("removes credit lines by how they start or end, and keeps the story", () => {
    const text = textAfter(`<body><article><p>${STORY}</p>
      <figure><img src="a.jpg"><figcaption><em>Photo: Jane Quay</em></figcaption></figure>
      <p><span>Image credit:</span> Harbour Studio</p><div>Photo by Ann Pier on Unsplash</div>
      <figure><img src="b.jpg"><figcaption>Boats at the pier at dawn. Tom Mast / Getty Images</figcaption></figure>
      <p>Credit: Harbour Trust</p><p>${STORY}</p></article></body>`);
    expect(text).toContain("harbour master");
    for (const credit of ["Jane Quay", "Harbour Studio", "Ann Pier", "Tom Mast", "Harbour Trust"])
      expect(text).not.toContain(credit);
  });

  it("keeps a paragraph that names an agency, a caption without a credit, and code", () => {
    const long = `${STORY.repeat(2)}The agency behind the pictures, Getty Images`;
    const text =
      textAfter(`<body><p>${long}</p><figure><img src="c.jpg"><figcaption>The pier in 1950</figcaption></figure>
      <pre><code>image: nginx:1.14</code></pre><p>Photography is the harbour's oldest hobby.</p></body>`);
    expect(text).toContain("The agency behind the pictures, Getty Images");
    expect(text).toContain("The pier in 1950");
    expect(text).toContain("image: nginx:1.14");
    expect(text).toContain("oldest hobby");
  });

  it("reads each block's text once on a page nested a hundred thousand deep", () => {
    // Each level is a short block that is no credit, so the walk goes into it; reading every level's
    // whole text anew took 4.5 minutes here (quadratic), where the test timeout is 60 s; now under 1 s.
    const body = new LightElement("body");
    const level = nest(body, 100_000, () => new LightElement("div"));
    appendChild(level, new LightText("The pier in 1950"));
    const credit = new LightElement("p");
    appendChild(credit, new LightText("Photo: Jane Quay"));
    appendChild(level.parent!, credit);
    removePhotoCredits(body);
    expect(body.textContent).toBe("The pier in 1950");
  });
});
