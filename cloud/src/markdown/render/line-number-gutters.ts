/**
 * A code block's line numbers, which highlighters draw in a column of their own beside the code: a
 * table cell (Hugo's `lntable`, Pygments' `highlighttable`) or a `<div>` (SyntaxHighlighter's `gutter`,
 * Rouge's `rouge-gutter`). Read in document order, the column becomes a code block of numbers before
 * the code — the layout's, not the code's: copied with the code it would not compile.
 */

/** A fenced code block's backtick fence and its text. */
const FENCED_BLOCK = /^(`{3,})[^`\n]*\n([\s\S]*)\n\1$/;

/**
 * Whether `block` is the gutter of the code block `next`: consecutive numbers, one a line, as many as
 * the code has lines (one more or fewer: a highlighter may number a last empty line, or leave it
 * unnumbered).
 */
export function isLineNumberGutter(block: string | undefined, next: string): boolean {
  if (!block?.startsWith("```") || !next.startsWith("```")) return false;
  const numbers = FENCED_BLOCK.exec(block)?.[2];
  const code = FENCED_BLOCK.exec(next)?.[2];
  if (numbers === undefined || code === undefined) return false;
  const lines = numbers.split("\n");
  const first = Number(lines[0]);
  if (!lines.every((line, i) => /^\s*\d{1,6}\s*$/.test(line) && Number(line) === first + i)) return false;
  return Math.abs(lines.length - code.split("\n").length) <= 1;
}
