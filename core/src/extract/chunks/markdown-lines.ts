import type { ContentLines } from "./content-lines.js";

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const FENCE = /^ {0,3}(```|~~~)/;

/**
 * A markdown document as splittable lines: parts start at section headings where they can (a higher
 * heading is a better place), else at a paragraph's first line, and each carries the headings of the
 * sections it sits in (`# Guide` › `## Install`). Lines inside a code fence are never headings.
 */
export function markdownLines(markdown: string): ContentLines {
  const lines = markdown.split("\n");
  const levels = new Int8Array(lines.length); // heading level 1–6, or 0
  const sections: number[][] = []; // sections[i]: the heading lines line i sits under, outermost first
  const open: number[] = []; // the open heading per level (index into lines), by level − 1
  let fence: string | undefined;
  lines.forEach((line, i) => {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fenceMark && (!fence || fence === fenceMark)) fence = fence ? undefined : fenceMark;
    const level = !fence && !fenceMark ? (ATX_HEADING.exec(line)?.[1]?.length ?? 0) : 0;
    // A heading sits in the sections of higher level only; other lines in every open section.
    sections[i] = (level ? open.slice(0, level - 1) : open).filter((index) => index >= 0);
    if (level) {
      levels[i] = level;
      open.length = level;
      open[level - 1] = i;
      for (let l = 0; l < level - 1; l++) open[l] ??= -1;
    }
  });
  return {
    lines,
    cutCost(index) {
      if (levels[index]) return levels[index]!;
      const startsParagraph = index === 0 || lines[index - 1]!.trim() === "";
      return startsParagraph && lines[index]!.trim() !== "" ? 7 : 8;
    },
    contextOf: (index) => sections[index] ?? [],
  };
}
