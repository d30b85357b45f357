import type { ContentLines } from "./content-lines.js";

/** A snapshot line naming a heading: `[0-12] heading: Bestsellers`. */
const HEADING_LINE = /^\s*\[[^\]]+\] heading(?::|$)/;

/**
 * The snapshot text as splittable lines. Its structure is its indentation (children one space deeper
 * than their parent), so a part is best started at the shallowest line near the cut, and carries the
 * lines it is nested in (the list, the region, the `Iframe` of its frame) and the last heading above it.
 */
export function snapshotLines(text: string): ContentLines {
  const lines = text.split("\n");
  const depths = lines.map((line) => line.length - line.trimStart().length);
  // parents[i]: the line i is nested in (the nearest earlier line that is shallower), or -1.
  const parents = new Int32Array(lines.length);
  // lastHeading[i]: the nearest heading line before i, or -1.
  const lastHeading = new Int32Array(lines.length);
  const stack: number[] = [];
  let heading = -1;
  lines.forEach((line, i) => {
    while (stack.length && depths[stack[stack.length - 1]!]! >= depths[i]!) stack.pop();
    parents[i] = stack.length ? stack[stack.length - 1]! : -1;
    lastHeading[i] = heading;
    stack.push(i);
    if (HEADING_LINE.test(line)) heading = i;
  });
  return {
    lines,
    cutCost: (index) => depths[index]! * 2 - (HEADING_LINE.test(lines[index]!) ? 1 : 0),
    contextOf(index) {
      const context: number[] = [];
      for (let parent = parents[index]!; parent >= 0; parent = parents[parent]!) context.push(parent);
      const heading = lastHeading[index]!;
      if (heading >= 0 && !context.includes(heading)) context.push(heading);
      return context.sort((a, b) => a - b);
    },
  };
}
