/** One line of the snapshot text, with the element id it starts with (text lines have none). */
export interface SnapshotLine {
  index: number;
  text: string;
  id?: string;
}

const ID_AT_START = /^\s*\[(\d+-\d+)\]/;

/** Splits the snapshot into lines and reads each line's `[frame-node]` id. */
export function parseSnapshotLines(text: string): SnapshotLine[] {
  if (!text) return [];
  return text.split("\n").map((line, index) => {
    const id = ID_AT_START.exec(line)?.[1];
    return id ? { index, text: line, id } : { index, text: line };
  });
}

/** The lines that contain the query (case-insensitive); every line for an empty query. */
export function searchLines(lines: SnapshotLine[], query: string): SnapshotLine[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return lines;
  return lines.filter((line) => line.text.toLowerCase().includes(needle));
}

/** A line cut into plain and matching parts, for drawing the matches highlighted. */
export function splitMatches(text: string, query: string): { text: string; match: boolean }[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
