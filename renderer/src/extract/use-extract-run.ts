import { useCallback, useEffect, useState } from "react";
import type { StudioError, StudioParams, StudioResult } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
import { useCancellableRun, type CancellableRunState } from "../api/use-cancellable-run.js";

/** For a page split to fit the model's input budget: parts answered of all, and the data so far. */
export interface RunParts {
  done: number;
  total: number;
  partial?: unknown;
}

/** Where the panel's latest run is; a running one split into parts says how far it got. */
export type RunState =
  | Exclude<CancellableRunState<StudioResult<"extract.run">>, { status: "running" }>
  | (Extract<CancellableRunState<StudioResult<"extract.run">>, { status: "running" }> & { parts?: RunParts });

/** Runs one extract at a time, with Cancel (`extract.cancel`) for the one under way. */
export function useExtractRun(): {
  state: RunState;
  run: (params: Omit<StudioParams<"extract.run">, "runId">) => void;
  cancel: () => void;
  fail: (error: StudioError) => void;
} {
  const studio = useStudio();
  const cancelRun = useCallback((runId: string) => studio.call("extract.cancel", { runId }), [studio]);
  const { state, run: start, cancel, fail } = useCancellableRun<StudioResult<"extract.run">>(cancelRun);
  const [progress, setProgress] = useState<{ runId: string; parts: RunParts }>();

  useEffect(
    () =>
      studio.on("run.progress", (event) => {
        if (event.stage !== "part" || !event.parts) return;
        setProgress({
          runId: event.runId,
          parts: { done: event.done ?? 0, total: event.parts, partial: event.partial },
        });
      }),
    [studio],
  );

  const run = useCallback(
    (params: Omit<StudioParams<"extract.run">, "runId">) =>
      start((runId) => studio.call("extract.run", { ...params, runId })),
    [start, studio],
  );

  const shown: RunState =
    state.status === "running" && progress?.runId === state.runId
      ? { ...state, parts: progress.parts }
      : state;
  return { state: shown, run, cancel, fail };
}
