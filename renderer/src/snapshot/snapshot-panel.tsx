import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { StudioResult } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
import { useStudioState } from "../state/studio-state.js";
import { parseSnapshotLines, searchLines, splitMatches, type SnapshotLine } from "./snapshot-lines.js";
import "./snapshot-panel.css";

type Snapshot = StudioResult<"snapshot.get"> & { url: string };

/**
 * What the model sees of the active tab: the snapshot text with its element ids, searchable, with its
 * token and element counts. Clicking an element's line highlights it on the live view. It reads the page
 * when it is shown and the tab has moved on since the last read, and on Refresh.
 */
export function SnapshotPanel() {
  const client = useStudio();
  const { state } = useStudioState();
  const [snapshot, setSnapshot] = useState<Snapshot>();
  const [query, setQuery] = useState("");
  const [loading, setLoading] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const [selected, setSelected] = useState<string>();
  const root = useRef<HTMLDivElement>(null);
  const activeUrl = state.pages.find((page) => page.active)?.url ?? "";

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      const result = await client.call("snapshot.get", {});
      setSnapshot({ ...result, url: activeUrl });
      setMessage(
        result.complete
          ? undefined
          : {
              text: "The page was still loading when it was read: this snapshot may be incomplete. Refresh once it has loaded.",
              error: true,
            },
      );
      setSelected(undefined);
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), error: true });
    } finally {
      setLoading(false);
    }
  }, [client, activeUrl]);

  // Panels stay mounted while hidden: read the page only once this one is on screen.
  useEffect(() => {
    const element = root.current;
    if (!element || !activeUrl || snapshot?.url === activeUrl || loading) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        void refresh();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [activeUrl, snapshot?.url, loading, refresh]);

  const lines = useMemo(() => parseSnapshotLines(snapshot?.text ?? ""), [snapshot]);
  const shown = useMemo(() => searchLines(lines, query), [lines, query]);

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
          placeholder="Search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {query.trim() && (
          <span className="snapshot-matches" aria-label="Matches">
            {shown.length} {shown.length === 1 ? "match" : "matches"}
          </span>
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
      <ol className="snapshot-lines" aria-label="Snapshot">
        {shown.map((line) => (
          <li key={line.index} className={line.id && line.id === selected ? "selected" : ""}>
            {line.id ? (
              <button type="button" onClick={() => highlight(line)} title="Highlight on the live view">
                <LineText text={line.text} query={query} />
              </button>
            ) : (
              <span>
                <LineText text={line.text} query={query} />
              </span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function LineText({ text, query }: { text: string; query: string }) {
  return (
    <>
      {splitMatches(text, query).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </>
  );
}
