import { describe, expect, it } from "vitest";
import { convertHtmlToMarkdown } from "../convert-html.js";
import { descendantsByTag } from "../dom/light-dom.js";
import { parseDocument } from "../dom/parse-document.js";
import { isClosedDialog } from "./closed-dialogs.js";
import { STORY } from "./body-text.test.support.js";

function first(body: string, tag: string) {
  return descendantsByTag(parseDocument(`<html><body>${body}</body></html>`).body, tag)[0]!;
}

describe("isClosedDialog", () => {
  it("reads a modal dialog and a Foundation reveal as closed", () => {
    expect(isClosedDialog(first(`<div role="dialog" aria-modal="true">Sign up</div>`, "div"))).toBe(true);
    expect(isClosedDialog(first(`<div class="reveal" data-reveal>Region check</div>`, "div"))).toBe(true);
    expect(isClosedDialog(first(`<div data-reveal="">Region check</div>`, "div"))).toBe(true);
  });

  it("leaves a non-modal dialog role and ordinary blocks alone", () => {
    expect(isClosedDialog(first(`<div role="dialog">Chat</div>`, "div"))).toBe(false);
    expect(isClosedDialog(first(`<div class="reveal">Story</div>`, "div"))).toBe(false);
  });
});

describe("a closed dialog in a page", () => {
  it("is not part of the markdown", () => {
    const html =
      `<html><head><title>Harbour</title></head><body><main><h1>Harbour</h1><p>${STORY.repeat(4)}</p>` +
      `<div class="reveal reveal--compact" data-reveal><h3>You're leaving our website</h3>` +
      `<p>By proceeding, please note you will be leaving this website. The linked site is not operated by us.</p>` +
      `<button>OK</button></div></main></body></html>`;
    const { markdown } = convertHtmlToMarkdown(html, "https://example.com/harbour");
    expect(markdown).toContain("harbour master");
    expect(markdown).not.toContain("By proceeding");
    expect(markdown).not.toContain("leaving our website");
  });
});
