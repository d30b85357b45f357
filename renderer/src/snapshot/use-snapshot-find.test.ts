// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { parseSnapshotLines, type SnapshotLine } from "./snapshot-lines.js";
import { useSnapshotFind } from "./use-snapshot-find.js";

const PAGE = parseSnapshotLines(
  ["[0-1] link: Oak desk", "  plain text", "[0-2] link: oak shelf, oak lamp", "[0-3] button: Buy"].join("\n"),
);
const OTHER_PAGE = parseSnapshotLines(["[0-9] heading: Walnut", "[0-10] link: Oak chair"].join("\n"));

function render(lines: readonly SnapshotLine[], query: string) {
  return renderHook(({ lines, query }) => useSnapshotFind(lines, query), { initialProps: { lines, query } });
}

describe("find in the snapshot", () => {
  it("starts at the first occurrence and says where to scroll", () => {
    const { result } = render(PAGE, "oak");
    expect(result.current.matches.count).toBe(3);
    expect(result.current.current).toBe(0);
    expect(result.current.pending).toBe(false);
    expect(result.current.reveal).toEqual({ line: 0, start: 12 });
  });

  it("steps with next and previous, wrapping, and asks to scroll again each time", () => {
    const { result } = render(PAGE, "oak");
    act(() => result.current.next());
    expect(result.current.current).toBe(1);
    expect(result.current.reveal).toEqual({ line: 2, start: 12 });
    act(() => result.current.next());
    act(() => result.current.next());
    expect(result.current.current).toBe(0);
    const before = result.current.reveal;
    act(() => result.current.previous());
    expect(result.current.current).toBe(2);
    expect(result.current.reveal).toEqual({ line: 2, start: 23 });
    act(() => result.current.previous());
    act(() => result.current.next());
    // The same place again is a new request: the person may have scrolled away from it.
    expect(result.current.reveal).not.toBe(before);
  });

  it("keeps its place while typing on, and starts a new page at the top", () => {
    const { result, rerender } = render(PAGE, "o");
    act(() => result.current.next());
    act(() => result.current.next());
    // The third "o" is on line 2: typing on finds the first "oa" from that line on, not the one on line 0.
    expect(result.current.matches.lines[result.current.current]).toBe(2);
    rerender({ lines: PAGE, query: "oa" });
    expect(result.current.current).toBe(1);
    expect(result.current.reveal).toEqual({ line: 2, start: 12 });
    rerender({ lines: OTHER_PAGE, query: "oa" });
    expect(result.current.current).toBe(0);
    expect(result.current.reveal).toEqual({ line: 1, start: 13 });
    rerender({ lines: OTHER_PAGE, query: "nothing like it" });
    expect(result.current.current).toBe(-1);
    // Nothing to go to on the same page: the list stays where it is.
    expect(result.current.reveal).toEqual({ line: 1, start: 13 });
    rerender({ lines: PAGE, query: "nothing like it" });
    expect(result.current.reveal).toEqual({ top: true });
  });

  it("does nothing on Enter without matches, and clears for a blank query", () => {
    const { result, rerender } = render(PAGE, "walnut");
    act(() => result.current.next());
    expect(result.current.current).toBe(-1);
    rerender({ lines: PAGE, query: "  " });
    expect(result.current.matches.count).toBe(0);
    expect(result.current.pending).toBe(false);
  });
});
