/** Writes rows as RFC 4180 CSV: fields quoted when they hold a comma, a quote or a line break. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | undefined)[])[],
): string {
  const field = (value: string | number | undefined): string => {
    const text = value === undefined ? "" : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(",")).join("\n") + "\n";
}
