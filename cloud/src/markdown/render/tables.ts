/**
 * HTML tables as GitHub pipe tables. A first row of `<th>` cells, or of cells wholly in bold (a header
 * the page drew with `<td><b>`), is the header; a table without one gets an empty header (GFM needs
 * one); `colspan`/`rowspan` leave empty cells so columns stay aligned; pipes in cells are escaped.
 * Layout tables (nested tables, cells holding headings, lists, code, quotes, or one column of cells
 * without a header: a box drawn around a paragraph) are not data: their cells come out as blocks.
 */
import { hasDescendant, type LightElement } from "../dom/light-dom.js";

export interface TableRendering {
  /** A cell's content as one line of inline markdown. */
  cell(cell: LightElement): string;
  /** An element's content as markdown blocks. */
  blocks(el: LightElement): string[];
}

/** Content no pipe-table cell can hold. */
const NON_CELL_CONTENT = new Set([
  "table",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "hr",
  "dl",
]);

/** Columns wider than this are not padded (a long cell would pad every row to its width). */
const MAX_PADDED_WIDTH = 60;
/**
 * The most cells a table's grid is drawn with: past it, later rows no longer owe cells to a `rowspan`
 * above them, and rows are not padded to the widest one. A hostile page's table drew far more: rows
 * each spanning thousands below them add a column to every row they span (2,000 such rows, 90 KB, drew
 * 16 MB of markdown), and one row of a thousand columns padded 20,000 one-cell rows under it to 80 MB;
 * a 5 MB page could exhaust a worker's memory. A real table stays far below (1,000 rows of 100 columns).
 */
const MAX_GRID_CELLS = 100_000;
/** Columns a `colspan` may reach: a row of 300,000 cells each spanning 100 would be 30 million. */
const MAX_SPANNED_COLUMNS = 1_000;

type Align = "left" | "center" | "right" | "";

export function renderTable(table: LightElement, render: TableRendering): string[] {
  if (table.attr("role") === "presentation" || hasDescendant(table, (el) => NON_CELL_CONTENT.has(el.tag))) {
    return render.blocks(table);
  }
  const { rows, headerRows, captions } = tableRows(table);
  const grid: string[][] = [];
  const aligns: Align[] = [];
  // rowspan: cells still owed to later rows, by column.
  const pending: number[] = [];
  let cells = 0;
  for (const row of rows) {
    const line: string[] = [];
    let column = 0;
    const skipPending = () => {
      while ((pending[column] ?? 0) > 0) {
        pending[column]!--;
        line[column++] = "";
      }
    };
    for (const cell of row.elementChildren) {
      if (cell.tag !== "td" && cell.tag !== "th") continue;
      skipPending();
      // A span never widens a row past MAX_SPANNED_COLUMNS (cells of its own still do).
      const colspan = Math.min(
        clampSpan(cell.attr("colspan"), 100),
        Math.max(1, MAX_SPANNED_COLUMNS - column),
      );
      const rowspan = clampSpan(cell.attr("rowspan"), 65534);
      const text = render.cell(cell).replace(/\|/g, "\\|");
      aligns[column] ||= cellAlign(cell);
      for (let i = 0; i < colspan; i++) {
        line[column] = i === 0 ? text : "";
        if (rowspan > 1) pending[column] = rowspan - 1;
        column++;
      }
    }
    skipPending();
    grid.push(line);
    cells += line.length;
    if (cells > MAX_GRID_CELLS) pending.length = 0;
  }
  let columns = 0;
  for (const line of grid) columns = Math.max(columns, line.length);
  if (columns === 1 && headerRows === 0) return render.blocks(table);
  const captionBlocks = captions.flatMap((caption) => render.blocks(caption));
  if (columns === 0 || grid.every((line) => line.every((cell) => !cell))) return captionBlocks;

  const boldHeader = headerRows === 0 && grid.length > 1 && isBoldRow(grid[0]!);
  if (boldHeader) grid[0] = grid[0]!.map((cell) => cell.slice(2, -2));
  const hasHeader = headerRows > 0 || boldHeader;
  const header = hasHeader ? grid[0]! : new Array<string>(columns).fill("");
  const body = hasHeader ? grid.slice(1) : grid;
  // A grid too large to pad is written as GFM reads rows anyway: a row's missing last cells are empty.
  const padded = grid.length * columns <= MAX_GRID_CELLS;
  const widths = new Array<number>(columns).fill(1);
  if (padded) {
    for (const line of [header, ...body]) {
      for (let i = 0; i < columns; i++) widths[i] = Math.max(widths[i]!, (line[i] ?? "").length);
    }
    for (let i = 0; i < columns; i++) if (widths[i]! > MAX_PADDED_WIDTH) widths[i] = 1;
  }
  // The header row has every column: GFM recognises a table only when it matches the delimiter row.
  const formatRow = (line: readonly string[], whole = padded) =>
    whole
      ? `| ${widths.map((width, i) => (line[i] ?? "").padEnd(width)).join(" | ")} |`
      : `| ${withoutTrailingEmpty(line).join(" | ")} |`;
  const delimiter = `|${widths
    .map((width, i) => {
      const align = aligns[i] ?? "";
      const left = align === "left" || align === "center" ? ":" : "";
      const right = align === "right" || align === "center" ? ":" : "";
      return left + "-".repeat(width + 2 - left.length - right.length) + right;
    })
    .join("|")}|`;
  const lines = [formatRow(header, true), delimiter, ...body.map((line) => formatRow(line))];
  return [lines.join("\n"), ...captionBlocks];
}

function withoutTrailingEmpty(line: readonly string[]): readonly string[] {
  let end = line.length;
  while (end > 1 && !line[end - 1]) end--;
  return line.slice(0, end);
}

/** Rows in display order (`<thead>` first, `<tfoot>` last) and how many of the first are headers. */
function tableRows(table: LightElement): {
  rows: LightElement[];
  headerRows: number;
  captions: LightElement[];
} {
  const head: LightElement[] = [];
  const body: LightElement[] = [];
  const foot: LightElement[] = [];
  const captions: LightElement[] = [];
  for (const child of table.elementChildren) {
    if (child.tag === "tr") body.push(child);
    else if (child.tag === "thead") head.push(...child.elementChildren.filter((el) => el.tag === "tr"));
    else if (child.tag === "tbody") body.push(...child.elementChildren.filter((el) => el.tag === "tr"));
    else if (child.tag === "tfoot") foot.push(...child.elementChildren.filter((el) => el.tag === "tr"));
    else if (child.tag === "caption") captions.push(child);
  }
  const rows = [...head, ...body, ...foot];
  const first = rows[0];
  const firstIsHeader =
    head.length > 0 ||
    (first !== undefined &&
      first.elementChildren.length > 0 &&
      first.elementChildren.every((cell) => cell.tag === "th"));
  return { rows, headerRows: firstIsHeader ? 1 : 0, captions };
}

/** Every cell filled and wholly strong (`**Name**`): a header row the page marked up as data cells. */
function isBoldRow(cells: readonly string[]): boolean {
  return cells.length > 1 && cells.every((cell) => BOLD_CELL.test(cell));
}

const BOLD_CELL = /^\*\*(?:[^*]|\\\*)+\*\*$/;

function clampSpan(value: string | null, max: number): number {
  const n = parseInt(value ?? "", 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, max) : 1;
}

function cellAlign(cell: LightElement): Align {
  const align = (
    cell.attr("align") ??
    /text-align\s*:\s*(left|center|right)/i.exec(cell.attr("style") ?? "")?.[1] ??
    ""
  )
    .trim()
    .toLowerCase();
  return align === "left" || align === "center" || align === "right" ? align : "";
}
