import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { StudioResult } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
import { useStudioState } from "../state/studio-state.js";
import { parseSnapshotLines, type SnapshotLine } from "./snapshot-lines.js";
import { SnapshotList } from "./snapshot-list.js";
import { useSnapshotFind } from "./use-snapshot-find.js";
import "./snapshot-panel.css";

type Snapshot = StudioResult<"snapshot.get"> & { url: string };

/**
 * How many times the panel reads a page again by itself after a read that found it still loading (each
 * read waits up to the service's 10 s for the load): a long page on a slow machine is then shown whole
 * without a Refresh, and a page that never finishes loading is not read forever.
 */
const MAX_REREADS = 2;

/** The panel's last read: of which address, how it ended, and how many re-reads it already made. */
interface LastRead {
  url: string;
  outcome: "complete" | "incomplete" | "failed";
  rereads: number;
}

const INCOMPLETE =
  "The page was still loading when it was read: this snapshot may be incomplete. Refresh once it has loaded.";

/**
 * What the model sees of the active tab: the snapshot text with its element ids, with its token and
 * element counts, and a find that counts every occurrence and steps through them (Enter, Shift+Enter).
 * Clicking an element's line highlights it on the live view. It reads the page when it is shown and the
 * tab has moved on since the last read (again, twice at most, while the page was still loading), and on
 * Refresh.
 */
export function SnapshotPanel() {
  const client = useStudio();
  const { state } = useStudioState();
  const [snapshot, setSnapshot] = useState<Snapshot>();
  const [lastRead, setLastRead] = useState<LastRead>();
  const [query, setQuery] = useState("");
  const [loading, setLoading] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const [selected, setSelected] = useState<string>();
  const root = useRef<HTMLDivElement>(null);
  const activeUrl = state.pages.find((page) => page.active)?.url ?? "";

  const refresh = useCallback(
    async (reread = false) => {
      setLoading(true);
      const ended = (outcome: LastRead["outcome"]) =>
        setLastRead((was) => ({
          url: activeUrl,
          outcome,
          rereads: reread && was?.url === activeUrl ? was.rereads + 1 : 0,
        }));
      try {
        const result = await client.call("snapshot.get", {});
        setSnapshot({ ...result, url: activeUrl });
        setMessage(result.complete ? undefined : { text: INCOMPLETE, error: true });
        setSelected(undefined);
        ended(result.complete ? "complete" : "incomplete");
      } catch (error) {
        setMessage({ text: error instanceof Error ? error.message : String(error), error: true });
        ended("failed");
      } finally {
        setLoading(false);
      }
    },
    [client, activeUrl],
  );

  // Panels stay mounted while hidden: read the page only once this one is on screen. A failed read is
  // not retried by itself (Refresh does that): a page that always fails would be read in a loop.
  const moved = lastRead?.url !== activeUrl;
  const unfinished = !moved && lastRead?.outcome === "incomplete" && (lastRead?.rereads ?? 0) < MAX_REREADS;
  useEffect(() => {
    const element = root.current;
    if (!element || !activeUrl || loading || (!moved && !unfinished)) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        void refresh(unfinished);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [activeUrl, moved, unfinished, loading, refresh]);

  // Keyed by the text, not the read: a read again of the same page (an unfinished read's rereads) keeps
  // the same lines, so the find keeps its place, as a browser's does.
  const text = snapshot?.text ?? "";
  const lines = useMemo(() => parseSnapshotLines(text), [text]);
  const find = useSnapshotFind(lines, query);
  const { matches, current } = find;
  const searching = query.trim() !== "";

  const highlight = (line: SnapshotLine) => {
    if (!line.id) return;
    setSelected(line.id);
    client.call("live.highlight", { elementId: line.id }).then(
      ({ element }) =>
        setMessage(
          element
            ? { text: `Highlighted ${element.description} on the live view`, error: false }
            : { text: "That element is no longer on the page: refresh the snapshot.", error: true },
        ),
      (error: unknown) =>
        setMessage({ text: error instanceof Error ? error.message : String(error), error: true }),
    );
  };

  return (
    <div className="snapshot-panel" ref={root}>
      <div className="snapshot-toolbar">
        <input
          type="search"
          aria-label="Search the snapshot"
          placeholder="Find in the snapshot"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (event.shiftKey) find.previous();
            else find.next();
          }}
        />
        {searching && (
          <output className="snapshot-matches" aria-busy={find.pending}>
            {matchCount(matches.needle, matches.count, current)}
          </output>
        )}
        {searching && (
          <>
            <button
              type="button"
              className="snapshot-step"
              aria-label="Previous match"
              title="Previous match (Shift+Enter)"
              disabled={matches.count === 0}
              onClick={find.previous}
            >
              ↑
            </button>
            <button
              type="button"
              className="snapshot-step"
              aria-label="Next match"
              title="Next match (Enter)"
              disabled={matches.count === 0}
              onClick={find.next}
            >
              ↓
            </button>
          </>
        )}
        <button type="button" onClick={() => void refresh()} disabled={loading}>
          {loading ? "Reading…" : "Refresh"}
        </button>
      </div>
      {snapshot && (
        <p className="snapshot-stats" aria-label="Snapshot size">
          <span>{snapshot.tokens.toLocaleString("en-US")} tokens</span>
          <span>{snapshot.elementCount.toLocaleString("en-US")} elements</span>
          <span>{Math.round(snapshot.ms)} ms</span>
        </p>
      )}
      {message && (
        <p className={message.error ? "snapshot-message error" : "snapshot-message"} role="status">
          {message.text}
        </p>
      )}
      <SnapshotList
        lines={lines}
        needle={matches.needle}
        current={
          current >= 0 ? { line: matches.lines[current]!, start: matches.starts[current]! } : undefined
        }
        reveal={find.reveal}
        selected={selected}
        onHighlight={highlight}
      />
    </div>
  );
}

/** "3 of 41", "1 match", "No matches"; nothing until the first search of the query has run. */
function matchCount(needle: string, count: number, current: number): string {
  if (!needle) return "";
  if (count === 0) return "No matches";
  if (count === 1) return "1 match";
  return `${(current + 1).toLocaleString("en-US")} of ${count.toLocaleString("en-US")}`;
}
