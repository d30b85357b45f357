import { useCallback, useEffect, useState } from "react";
import type { RunRecord } from "@loupe/studio/common";
import { useStudio, useStudioEvent } from "../api/studio-context.js";

/** Every run of this launch, newest first: the list once, then each `history.added` as it comes. */
export function useHistory(): RunRecord[] {
  const client = useStudio();
  const [runs, setRuns] = useState<RunRecord[]>([]);
  useEffect(() => {
    let live = true;
    client.call("history.list", {}).then(
      ({ runs: listed }) => {
        // Runs added while the list was in flight are kept; the listed ones fill in behind them.
        if (live) setRuns((added) => [...added, ...listed.filter((r) => !added.some((a) => a.id === r.id))]);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [client]);
  const added = useCallback(
    (run: RunRecord) => setRuns((current) => [run, ...current.filter((r) => r.id !== run.id)]),
    [],
  );
  useStudioEvent("history.added", added);
  return runs;
}
