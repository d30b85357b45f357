import { useEffect, useLayoutEffect, useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { splitMatches, type SnapshotLine } from "./snapshot-lines.js";
import type { SnapshotReveal } from "./use-snapshot-find.js";

/** Every line is one row of this height (the CSS fixes it), so nothing needs measuring. */
const ROW_PX = 18;

export interface SnapshotListProps {
  lines: readonly SnapshotLine[];
  /** The query the marks show (the one the count describes). */
  needle: string;
  /** The current occurrence, marked apart from the others. */
  current?: { line: number; start: number };
  reveal: SnapshotReveal;
  /** The element id last highlighted on the live view. */
  selected?: string;
  onHighlight(line: SnapshotLine): void;
}

/**
 * The snapshot's lines, only those in view (and a few around them) in the DOM: a 15,000-line page is
 * 15,000 rows, which React would otherwise build and the browser lay out on every keystroke. Each row
 * says where it is in the whole (`aria-posinset` of `aria-setsize`) for screen readers.
 */
export function SnapshotList({ lines, needle, current, reveal, selected, onHighlight }: SnapshotListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
  });
  // Set when the list has scrolled to an occurrence whose row may not be drawn yet: once it is, the
  // list also scrolls sideways to it (snapshot lines can be far wider than the panel).
  const sideways = useRef(false);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if ("top" in reveal) {
      element.scrollTo({ top: 0, left: 0 });
      sideways.current = false;
      return;
    }
    virtualizer.scrollToIndex(reveal.line, { align: "center" });
    sideways.current = true;
    // The virtualizer is not a dependency: it is the same object for the list's whole life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal]);

  // After every render: cheap (one query in a few dozen rows), and the current mark is drawn only
  // once the scroll above has moved the window of rows to it.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!sideways.current || !element) return;
    const mark = element.querySelector<HTMLElement>("mark[aria-current]");
    if (!mark) return;
    sideways.current = false;
    const box = element.getBoundingClientRect();
    const at = mark.getBoundingClientRect();
    if (at.left < box.left || at.right > box.right)
      element.scrollLeft += at.left - box.left - Math.min(box.width / 3, 120);
  });

  return (
    <div className="snapshot-scroller" ref={scroller}>
      <ol className="snapshot-lines" aria-label="Snapshot" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]!;
          const currentStart = current?.line === line.index ? current.start : undefined;
          const text = <LineText text={line.text} needle={needle} currentStart={currentStart} />;
          return (
            <li
              key={item.key}
              className={line.id && line.id === selected ? "selected" : undefined}
              style={{ transform: `translateY(${item.start}px)` }}
              aria-setsize={lines.length}
              aria-posinset={item.index + 1}
            >
              {line.id ? (
                <button type="button" onClick={() => onHighlight(line)} title="Highlight on the live view">
                  {text}
                </button>
              ) : (
                <span>{text}</span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function LineText({ text, needle, currentStart }: { text: string; needle: string; currentStart?: number }) {
  return (
    <>
      {splitMatches(text, needle).map((part) =>
        !part.match ? (
          part.text
        ) : part.start === currentStart ? (
          <mark key={part.start} className="current" aria-current="true">
            {part.text}
          </mark>
        ) : (
          <mark key={part.start}>{part.text}</mark>
        ),
      )}
    </>
  );
}
