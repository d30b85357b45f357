import { useCallback, useDeferredValue, useMemo, useState } from "react";
import {
  findMatches,
  firstMatchFrom,
  stepMatch,
  type SnapshotLine,
  type SnapshotMatches,
} from "./snapshot-lines.js";

/** Where the list should scroll to: an occurrence, or the top of a new page. A new object each time. */
export type SnapshotReveal = { line: number; start: number } | { top: true };

export interface SnapshotFind {
  matches: SnapshotMatches;
  /** The current occurrence's index in `matches`, -1 when there is none. */
  current: number;
  /** Whether the count still describes an earlier query: the search runs just behind the typing. */
  pending: boolean;
  /** What to bring into view, a new object whenever the place changes (or Enter is pressed again). */
  reveal: SnapshotReveal;
  next(): void;
  previous(): void;
}

interface Place {
  lines: readonly SnapshotLine[];
  matches: SnapshotMatches;
  current: number;
  reveal: SnapshotReveal;
}

/**
 * Find in the snapshot, as a browser's find works: every occurrence counted, one of them current, Enter
 * and Shift+Enter to step. The search reads a deferred copy of the query, not a debounced one: the input
 * answers every key at once, and the count follows as soon as the main thread is free instead of after a
 * fixed delay that every keystroke would pay.
 */
export function useSnapshotFind(lines: readonly SnapshotLine[], query: string): SnapshotFind {
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => findMatches(lines, deferred), [lines, deferred]);
  const [place, setPlace] = useState<Place>(() => {
    const current = firstMatchFrom(matches, 0);
    return { lines, matches, current, reveal: revealAt(matches, current) ?? { top: true } };
  });

  let shown = place;
  if (place.matches !== matches) {
    // Adjusted while rendering (React's pattern for state that follows a prop), so the count and the
    // current mark never disagree for a frame. Typing on keeps the place, as a browser's find does: the
    // first occurrence from the current one's line on. A new page starts at its top.
    const samePage = place.lines === lines;
    const from = samePage && place.current >= 0 ? place.matches.lines[place.current]! : 0;
    const current = firstMatchFrom(matches, from);
    shown = {
      lines,
      matches,
      current,
      reveal: revealAt(matches, current) ?? (samePage ? place.reveal : { top: true }),
    };
    setPlace(shown);
  }

  const step = useCallback((by: 1 | -1) => {
    setPlace((was) => {
      const current = stepMatch(was.matches, was.current, by);
      if (current < 0) return was;
      return { ...was, current, reveal: revealAt(was.matches, current)! };
    });
  }, []);
  const next = useCallback(() => step(1), [step]);
  const previous = useCallback(() => step(-1), [step]);

  return {
    matches: shown.matches,
    current: shown.current,
    pending: query.trim() !== shown.matches.needle,
    reveal: shown.reveal,
    next,
    previous,
  };
}

function revealAt(matches: SnapshotMatches, current: number): SnapshotReveal | undefined {
  return current >= 0 ? { line: matches.lines[current]!, start: matches.starts[current]! } : undefined;
}
