import { describe, expect, it } from "vitest";
import { bodyTextAfter } from "./body-text.test.support.js";
import { removeInlineTwins } from "./inline-twins.js";

function textAfter(html: string): string {
  return bodyTextAfter(html, removeInlineTwins);
}

describe("removeInlineTwins", () => {
  it("keeps one of the words a line says twice for screen readers, whatever the twin's class", () => {
    expect(textAfter(`<p>Seller's other items<span class="clipped">Seller's other items</span></p>`)).toBe(
      "Seller's other items",
    );
    expect(
      textAfter(`<div><span class="price">EUR 20.99<span class="a11y">EUR 20.99</span></span>
        <span>Tue, Mar 04<span class="a11y">Tue, Mar 04</span></span></div>`),
    ).toBe("EUR 20.99 Tue, Mar 04");
    // A mobile and a desktop copy side by side in one link.
    expect(
      textAfter(`<a href="/s"><span class="mobile">Start Saving Now</span>
        <span class="desktop">Start Saving Now</span></a>`),
    ).toBe("Start Saving Now");
  });

  it("keeps copies set apart by a block, struck out, in code, or too short to be a copy", () => {
    const kept = [
      `<div><p>Chorus line again</p><p>Chorus line again</p></div>`,
      `<p><span><s>$169.99</s></span><span class="sale">$169.99</span></p>`,
      `<p><del>$20</del><span>$20</span></p>`,
      `<p>Press <kbd>TAB</kbd><kbd>TAB</kbd> to reach it.</p>`,
      `<pre><span>...</span>
<span>...</span></pre>`,
      `<p><a href="/m">process</a><code>process</code></p>`,
      `<p><b>Go</b><b>Go</b></p>`,
    ];
    for (const html of kept) expect(textAfter(html), html).toBe(bodyTextAfter(html, () => {}));
  });

  it("keeps words that differ, and reads a page of a hundred thousand inline elements", () => {
    expect(textAfter(`<p>New York<span>New York City</span></p>`)).toBe("New YorkNew York City");
    const many = "<span>word</span><span>other</span>".repeat(50_000);
    expect(textAfter(`<p>${many}</p>`)).toHaveLength("wordother".length * 50_000);
  });
});
