import type { LinkTable } from "../schema-extraction.js";

/** Ids as both formats write them: `[0-12] link` in a snapshot, `](0-12)` in a numbered document. */
const ID_IN_LINE = /(?:^[ \t]*\[|\]\()(\d+-\d+)[\])\s]/gm;

/**
 * The links one part may name: those whose id appears in the part's own lines or its context. An id
 * from another part is then an unknown id to repair, not a silent link to something the part never saw.
 */
export function partLinks(lines: readonly string[], links: LinkTable): LinkTable {
  const ids = new Set<string>();
  for (const line of lines) for (const match of line.matchAll(ID_IN_LINE)) ids.add(match[1]!);
  return {
    linkUrl: (id) => (ids.has(id) ? links.linkUrl(id) : undefined),
    isLinkUrl: (url) => links.isLinkUrl(url),
  };
}
