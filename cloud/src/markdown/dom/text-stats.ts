/**
 * A summary of a subtree's text from which the extraction reads lengths without building strings:
 * Readability measures `textContent.trim()` with whitespace runs collapsed, and that length can be
 * computed from counts of non-space characters and space runs, joined child by child.
 */
export interface TextStats {
  /** No characters at all. */
  empty: boolean;
  /** Characters that are not whitespace. */
  nonSpace: number;
  /** Runs of whitespace (each becomes one character once collapsed). */
  spaceRuns: number;
  startsWithSpace: boolean;
  endsWithSpace: boolean;
  /** ASCII commas. */
  commas: number;
  /** Commas of any script Readability counts (Latin, Arabic, CJK…). */
  anyCommas: number;
  /** Link text length of the `<a>` elements in the subtree, the node itself included (hash links × 0.3). */
  linkLength: number;
  /** The same without the node itself (`getElementsByTagName("a")` excludes the root). */
  childLinkLength: number;
}

export function emptyStats(): TextStats {
  return {
    empty: true,
    nonSpace: 0,
    spaceRuns: 0,
    startsWithSpace: false,
    endsWithSpace: false,
    commas: 0,
    anyCommas: 0,
    linkLength: 0,
    childLinkLength: 0,
  };
}

/** Appends `b`'s text to the accumulator `acc`, in place (the stats walk joins millions of these). */
export function appendStats(acc: TextStats, b: TextStats): void {
  acc.linkLength += b.linkLength;
  if (b.empty) return;
  if (acc.empty) {
    acc.empty = false;
    acc.nonSpace = b.nonSpace;
    acc.spaceRuns = b.spaceRuns;
    acc.startsWithSpace = b.startsWithSpace;
    acc.endsWithSpace = b.endsWithSpace;
    acc.commas = b.commas;
    acc.anyCommas = b.anyCommas;
    return;
  }
  acc.nonSpace += b.nonSpace;
  acc.spaceRuns += b.spaceRuns - (acc.endsWithSpace && b.startsWithSpace ? 1 : 0);
  acc.endsWithSpace = b.endsWithSpace;
  acc.commas += b.commas;
  acc.anyCommas += b.anyCommas;
}
