import { describe, expect, it } from "vitest";
import { render } from "./rendered.test.support.js";

describe("tables", () => {
  it("writes a pipe table with the header row", () => {
    expect(
      render(
        "<table><thead><tr><th>Name</th><th>Age</th></tr></thead><tbody><tr><td>Ann</td><td>30</td></tr></tbody></table>",
      ),
    ).toBe("| Name | Age |\n|------|-----|\n| Ann  | 30  |");
  });

  it("promotes a first row of <th> cells to the header", () => {
    expect(render("<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>")).toBe(
      "| A | B |\n|---|---|\n| 1 | 2 |",
    );
  });

  it("gives a table without a header row an empty header", () => {
    expect(render("<table><tr><td>a1</td><td>a2</td></tr><tr><td>b1</td><td>b2</td></tr></table>")).toBe(
      "|    |    |\n|----|----|\n| a1 | a2 |\n| b1 | b2 |",
    );
  });

  it("reads a first row of cells wholly in bold as the header", () => {
    expect(
      render(
        "<table><tr><td><b>Port</b></td><td><strong>Berths</strong></td></tr><tr><td>Dover</td><td>40</td></tr></table>",
      ),
    ).toBe("| Port  | Berths |\n|-------|--------|\n| Dover | 40     |");
    // Partly bold, or bold in one cell only, is a data row.
    expect(
      render(
        "<table><tr><td><b>Dover</b> pier</td><td><b>40</b></td></tr><tr><td>Calais</td><td>12</td></tr></table>",
      ),
    ).toBe(
      "|                |        |\n|----------------|--------|\n| **Dover** pier | **40** |\n| Calais         | 12     |",
    );
  });

  it("renders a one-column table without a header (a box around text) as blocks", () => {
    expect(render("<table><tr><td><b>Best price</b> Found it cheaper? We match it.</td></tr></table>")).toBe(
      "**Best price** Found it cheaper? We match it.",
    );
    expect(render("<table><tr><td>one</td></tr><tr><td>two</td></tr></table>")).toBe("one\n\ntwo");
  });

  it("escapes pipes in cells and keeps a cell on one line", () => {
    expect(render("<table><tr><th>x</th></tr><tr><td>a | b<br>c</td></tr></table>")).toBe(
      "| x        |\n|----------|\n| a \\| b c |",
    );
  });

  it("fills colspan and rowspan with empty cells and reads alignment", () => {
    expect(
      render(
        '<table><tr><th align="left">A</th><th align="center">B</th><th align="right">C</th></tr>' +
          '<tr><td colspan="2">wide</td><td rowspan="2">tall</td></tr><tr><td>x</td><td>y</td></tr></table>',
      ),
    ).toBe("| A    | B | C    |\n|:-----|:-:|-----:|\n| wide |   | tall |\n| x    | y |      |");
  });

  it("keeps a hostile table's markdown near its page's size: spans bounded, huge grids not padded", () => {
    // 2,000 rows each spanning 5,000 below: every row added a column to the rest (16 MB of markdown).
    const tall = render(
      `<table><tr><th>A</th><th>B</th></tr>${'<tr><td rowspan="5000">x</td><td>y</td></tr>'.repeat(2000)}</table>`,
    );
    expect(tall.length).toBeLessThan(1_000_000);
    // One row of a thousand columns over 20,000 one-cell rows: each row was padded to it (80 MB).
    const wide = render(
      `<table><tr>${'<th colspan="100">h</th>'.repeat(10)}</tr>${"<tr><td>x</td></tr>".repeat(20_000)}</table>`,
    );
    const lines = wide.split("\n");
    expect(lines[0]!.split(" | ")).toHaveLength(1000);
    expect(lines[1]!.split("|")).toHaveLength(1002);
    expect(lines.slice(2).every((line) => line === "| x |")).toBe(true);
    // Spans stop widening a row at a thousand columns; the forty cells after them add one each.
    const spans = render(
      `<table><tr>${'<td colspan="100">c</td>'.repeat(50)}</tr><tr><td>d</td><td>e</td></tr></table>`,
    );
    expect(spans.split("\n")[1]!.split("|")).toHaveLength(1000 + 40 + 2);
  });

  it("renders a layout table (nested table, lists in cells) as blocks", () => {
    expect(render("<table><tr><td><ul><li>item</li></ul></td><td><p>text</p></td></tr></table>")).toBe(
      "- item\n\ntext",
    );
  });
});
