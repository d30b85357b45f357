import { useCallback, useEffect, useRef, useState } from "react";
import type { StudioEvent, StudioResult } from "@loupe/studio/common";
import { useStudio, useStudioEvent } from "../api/studio-context.js";

/** How long typing pauses before the selector is matched: one match per word, not per key. */
export const SELECTOR_DEBOUNCE_MS = 150;

/** What the selector box knows about its selector. */
export type SelectorMatch =
  | { kind: "empty" }
  | { kind: "matching" }
  | { kind: "matched"; result: StudioResult<"selector.match"> }
  | { kind: "failed"; message: string };

/**
 * Matches `selector` on the active tab as it is typed (after a pause), and again whenever `pageKey`
 * changes (the tab navigated, or another became active). Only the newest request speaks: each one takes
 * a number, and an answer for an older number — a slow match of text typed before — is dropped. While
 * the page moves under the outlines, the service says where the matched elements are now
 * (`selector.moved`), which updates how many are in view unless a newer match is under way. An empty box
 * removes the outlines from the page, and so does leaving.
 */
export function useSelectorMatch(selector: string, pageKey: string): SelectorMatch {
  const client = useStudio();
  const [match, setMatch] = useState<SelectorMatch>({ kind: "empty" });
  const latest = useRef(0);

  useEffect(() => {
    const mine = ++latest.current;
    if (!selector.trim()) {
      setMatch({ kind: "empty" });
      void client.call("selector.clear", {}).catch(() => {});
      return;
    }
    setMatch({ kind: "matching" });
    const timer = setTimeout(() => {
      client.call("selector.match", { selector }).then(
        (result) => {
          if (mine === latest.current) setMatch({ kind: "matched", result });
        },
        (failure: unknown) => {
          if (mine === latest.current)
            setMatch({
              kind: "failed",
              message: failure instanceof Error ? failure.message : String(failure),
            });
        },
      );
    }, SELECTOR_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [client, selector, pageKey]);

  useStudioEvent(
    "selector.moved",
    useCallback(
      ({ selector: moved, ...result }: StudioEvent<"selector.moved">) =>
        setMatch((current) =>
          current.kind === "matched" && moved === selector && current.result.pageId === result.pageId
            ? { kind: "matched", result }
            : current,
        ),
      [selector],
    ),
  );

  // The outlines belong to the box: gone with it.
  useEffect(
    () => () => {
      latest.current++;
      void client.call("selector.clear", {}).catch(() => {});
    },
    [client],
  );
  return match;
}

/** What the box says about a match: "3 matches", "No match", the error… */
export function matchSummary(match: SelectorMatch): string {
  switch (match.kind) {
    case "empty":
      return "";
    case "matching":
      return "Matching…";
    case "failed":
      return match.message;
    case "matched": {
      const { count, boxes, truncated, detail } = match.result;
      if (count === 0) return detail ? `No match: ${detail}` : "No match";
      const counted = count === 1 ? "1 match" : `${count} matches`;
      if (truncated) return `${counted}, the first ${boxes.length} in view outlined`;
      if (boxes.length === count) return counted;
      return `${counted}, ${boxes.length === 0 ? "none" : boxes.length} in view`;
    }
  }
}
