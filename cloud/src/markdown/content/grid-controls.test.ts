import { describe, expect, it } from "vitest";
import { bodyTextAfter } from "./body-text.test.support.js";
import { isGridControl, removeGridControls } from "./grid-controls.js";

describe("removeGridControls", () => {
  it("removes a result list's count, sort, filter and load-more controls, and keeps its items", () => {
    const item = (name: string) =>
      `<li><h3><a href="/p/${name}">${name} oak bench</a></h3><div>$120</div></li>`;
    const text = bodyTextAfter(
      `<body><div class="toolbar"><div>Showing 24 of 514 results</div><div><button>Filters (1)</button></div>
       <div><span>Sort by:</span> <span>Best Selling</span></div></div>
       <ul>${item("Tall")}${item("Low")}${item("Wide")}</ul><div><button>Show more</button></div></body>`,
      removeGridControls,
    );
    for (const control of ["Showing", "Filters", "Sort by", "Best Selling", "Show more"])
      expect(text).not.toContain(control);
    for (const name of ["Tall oak bench", "Low oak bench", "Wide oak bench"]) expect(text).toContain(name);
    expect(text.split("$120").length).toBe(4);
  });

  it("keeps sentences that speak of results, sorting or filters", () => {
    const html = `<body><p>Sort the beans by size before roasting them.</p><p>The survey found 1,072 results.</p>
      <p>Filters matter</p><h2>Sorting algorithms</h2></body>`;
    const text = bodyTextAfter(html, removeGridControls);
    for (const kept of ["Sort the beans", "1,072 results", "Filters matter", "Sorting algorithms"])
      expect(text).toContain(kept);
  });

  it("tells controls by their whole text", () => {
    for (const control of [
      "1,072 results",
      "loaded 338 results",
      "Viewing page 1 of 9",
      "Sort: Best Match",
      "Sort by",
      "1 filter applied",
      "Clear all filters",
      "Filter & Sort",
      "3953 items found",
      "Load more",
    ])
      expect(isGridControl(control), control).toBe(true);
    for (const text of [
      "Results",
      "Sorted by hand",
      "Show more of the harbour",
      "12 results from the 1998 survey were lost",
    ])
      expect(isGridControl(text), text).toBe(false);
  });
});
