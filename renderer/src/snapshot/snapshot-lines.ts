/** One line of the snapshot text, with the element id it starts with (text lines have none). */
export interface SnapshotLine {
  index: number;
  text: string;
  id?: string;
}

/**
 * Every occurrence of a query in the snapshot, in reading order: occurrence `i` starts at character
 * `starts[i]` of line `lines[i]`. Two typed arrays rather than an object per occurrence, because a
 * one-letter query finds hundreds of thousands of them in a 15,000-line page.
 */
export interface SnapshotMatches {
  /** The query as matched (trimmed); empty when there is nothing to find. */
  needle: string;
  count: number;
  lines: Int32Array;
  starts: Int32Array;
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

/**
 * A case-insensitive matcher for the query taken literally (its regex characters escaped). Matching the
 * original text, not a lower-cased copy, keeps the offsets right: lower-casing can change a string's
 * length ("İ" becomes two code units), which would put the marks beside the matches.
 */
function matcher(needle: string): RegExp {
  return new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
}

/** Every occurrence of the query (case-insensitive, several per line counted apart); none for a blank query. */
export function findMatches(lines: readonly SnapshotLine[], query: string): SnapshotMatches {
  const needle = query.trim();
  if (!needle) return { needle, count: 0, lines: new Int32Array(0), starts: new Int32Array(0) };
  const pattern = matcher(needle);
  let foundLines = new Int32Array(64);
  let foundStarts = new Int32Array(64);
  let count = 0;
  for (const line of lines) {
    pattern.lastIndex = 0;
    for (let found = pattern.exec(line.text); found; found = pattern.exec(line.text)) {
      if (count === foundLines.length) {
        foundLines = grow(foundLines);
        foundStarts = grow(foundStarts);
      }
      foundLines[count] = line.index;
      foundStarts[count] = found.index;
      count += 1;
      // A match is never empty (the needle is not), so the search always moves on.
    }
  }
  return { needle, count, lines: foundLines.subarray(0, count), starts: foundStarts.subarray(0, count) };
}

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** The first occurrence on or after a line (wrapping to the first one), for where a new search starts. */
export function firstMatchFrom(matches: SnapshotMatches, line: number): number {
  if (matches.count === 0) return -1;
  let low = 0;
  let high = matches.count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (matches.lines[middle]! < line) low = middle + 1;
    else high = middle;
  }
  return low === matches.count ? 0 : low;
}

/** The occurrence `step` places on from `current`, wrapping around the ends like a browser's find. */
export function stepMatch(matches: SnapshotMatches, current: number, step: 1 | -1): number {
  if (matches.count === 0) return -1;
  if (current < 0 || current >= matches.count) return step === 1 ? 0 : matches.count - 1;
  return (current + step + matches.count) % matches.count;
}

/**
 * A line cut into plain and matching parts, for drawing the matches highlighted. Each match carries the
 * character it starts at, so the current occurrence can be told from the others on its line.
 */
export function splitMatches(text: string, query: string): { text: string; match: boolean; start: number }[] {
  const needle = query.trim();
  if (!needle) return [{ text, match: false, start: 0 }];
  const parts: { text: string; match: boolean; start: number }[] = [];
  const pattern = matcher(needle);
  let from = 0;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    if (found.index > from) parts.push({ text: text.slice(from, found.index), match: false, start: from });
    parts.push({ text: found[0], match: true, start: found.index });
    from = found.index + found[0].length;
  }
  if (from < text.length || parts.length === 0)
    parts.push({ text: text.slice(from), match: false, start: from });
  return parts;
}
