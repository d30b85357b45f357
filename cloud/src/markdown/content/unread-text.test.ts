import { describe, expect, it } from "vitest";
import { convertHtmlToMarkdown } from "../convert-html.js";
import { bodyTextAfter, STORY } from "./body-text.test.support.js";
import { removeUnreadText } from "./unread-text.js";

function textAfter(html: string): string {
  return bodyTextAfter(html, removeUnreadText);
}

/** A widget's settings as a page's script would read them: well over a line of JSON. */
const SETTINGS = JSON.stringify({
  widgetName: "harbourTides",
  position: "left",
  colours: { lead: "#146ff8", trigger: "#ffffff" },
  hideOnMobile: false,
  ports: ["Dover", "Calais", "Ostend"],
});
const GRID_STATE = JSON.stringify([
  { id: "boat-1", name: "Seagull", berth: 4 },
  { id: "boat-2", name: "Cormorant", berth: 9 },
  { id: "boat-3", name: "Kittiwake", berth: 12 },
]);

describe("removeUnreadText", () => {
  it("removes an element whose own text is a JSON object or array, and keeps the story", () => {
    const text = textAfter(`<body><div class="content"><p>${STORY}</p>
      <div class="widget-state">${SETTINGS}</div><span data-grid>  ${GRID_STATE}\n</span>
      <p>${STORY}</p></div></body>`);
    expect(text).toContain("harbour master");
    expect(text).not.toContain("harbourTides");
    expect(text).not.toContain("Cormorant");
  });

  it("keeps JSON shown as code, short JSON in prose, and text that only looks like JSON", () => {
    const sentence = 'Send {"berth": 4} to book a berth.';
    const notJson = `{${STORY}}`;
    const text = textAfter(`<body><pre>${SETTINGS}</pre><p><code>${GRID_STATE}</code></p>
      <p>${sentence}</p><p>${notJson}</p></body>`);
    expect(text).toContain("harbourTides");
    expect(text).toContain("Cormorant");
    expect(text).toContain(sentence);
    expect(text).toContain(notJson);
  });

  it("leaves no state blob in the markdown, even one larger than the page's prose", () => {
    const bigState = JSON.stringify({ asins: Array.from({ length: 400 }, (_, i) => `B0${i}XYZ`) });
    const html = `<html><head><title>Harbour</title></head><body><main><h1>Harbour</h1>
      <p>${STORY.repeat(4)}</p><div class="grid-state hidden">${bigState}</div></main></body></html>`;
    for (const mainContent of [true, false]) {
      const { markdown } = convertHtmlToMarkdown(html, "https://harbour.example/", { mainContent });
      expect(markdown).toContain("harbour master");
      expect(markdown).not.toContain("asins");
    }
  });

  it("removes an icon font's ligature names, and keeps the words beside them and other icons' text", () => {
    const text = textAfter(`<body><p>${STORY}</p>
      <a href="/sale"><span class="material-icons-outlined mr1">local_offer</span>Spring Sale</a>
      <button><i class="material-icons">chevron_right</i></button>
      <span class="material-symbols-rounded">shopping_cart</span>
      <span class="icon-label">Free delivery</span><p class="materials">Cotton and linen</p></body>`);
    for (const word of ["Spring Sale", "Free delivery", "Cotton and linen"]) expect(text).toContain(word);
    for (const name of ["local_offer", "chevron_right", "shopping_cart"]) expect(text).not.toContain(name);
  });

  it("keeps an icon that is a table cell's whole value, as its name", () => {
    const text = textAfter(`<body><table><tr><th>Client portal</th>
      <td><span class="material-icons">check</span></td><td><i class="material-icons">close</i></td>
      <td><span class="material-icons">info</span> Soon</td></tr></table></body>`);
    expect(text).toContain("check");
    expect(text).toContain("close");
    expect(text).not.toContain("info");
  });
});
