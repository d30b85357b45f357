import { useCallback, useEffect, useRef, useState } from "react";
import { StudioError, type StudioParams, type StudioResult } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";

/** Where the panel's latest run is. */
export type RunState =
  | { status: "idle" }
  | {
      status: "running";
      runId: string;
      startedAt: number;
      /** For a page split to fit the model's input budget: parts answered of all, and the data so far. */
      parts?: { done: number; total: number; partial?: unknown };
    }
  | { status: "done"; answer: StudioResult<"extract.run"> }
  | { status: "cancelled" }
  | { status: "failed"; error: StudioError };

/** Runs one extract at a time, with Cancel (`extract.cancel`) for the one under way. */
export function useExtractRun(): {
  state: RunState;
  run: (params: Omit<StudioParams<"extract.run">, "runId">) => void;
  cancel: () => void;
  fail: (error: StudioError) => void;
} {
  const studio = useStudio();
  const [state, setState] = useState<RunState>({ status: "idle" });
  const current = useRef<string | undefined>(undefined);

  useEffect(
    () =>
      studio.on("run.progress", (event) => {
        if (event.stage !== "part" || event.runId !== current.current || !event.parts) return;
        const parts = { done: event.done ?? 0, total: event.parts, partial: event.partial };
        setState((now) => (now.status === "running" && now.runId === event.runId ? { ...now, parts } : now));
      }),
    [studio],
  );

  const run = useCallback(
    (params: Omit<StudioParams<"extract.run">, "runId">) => {
      if (current.current) return; // one run at a time; Ctrl+Enter while running does nothing
      const runId = crypto.randomUUID();
      current.current = runId;
      setState({ status: "running", runId, startedAt: Date.now() });
      studio.call("extract.run", { ...params, runId }).then(
        (answer) => {
          if (current.current !== runId) return;
          current.current = undefined;
          setState({ status: "done", answer });
        },
        (error: unknown) => {
          if (current.current !== runId) return;
          current.current = undefined;
          const studioError =
            error instanceof StudioError
              ? error
              : new StudioError("internal", error instanceof Error ? error.message : String(error));
          setState(
            studioError.code === "cancelled"
              ? { status: "cancelled" }
              : { status: "failed", error: studioError },
          );
        },
      );
    },
    [studio],
  );

  const cancel = useCallback(() => {
    const runId = current.current;
    if (!runId) return;
    // The run's own rejection (code `cancelled`) moves the state on; this only asks for it.
    studio.call("extract.cancel", { runId }).catch(() => {});
  }, [studio]);

  const fail = useCallback((error: StudioError) => setState({ status: "failed", error }), []);

  return { state, run, cancel, fail };
}
