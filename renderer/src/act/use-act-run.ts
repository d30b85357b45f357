import { useCallback } from "react";
import type { StudioError, StudioParams, StudioResult } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
import { useCancellableRun, type CancellableRunState } from "../api/use-cancellable-run.js";

/** An act's answer, and whether variables were typed (then no picture of the page is kept). */
export type ActAnswer = StudioResult<"act.run"> & { typedVariables: boolean };

/** Where the Act panel's latest run is. */
export type ActRunState = CancellableRunState<ActAnswer>;

/** Runs one act at a time, with Cancel (`act.cancel`) for the one under way. */
export function useActRun(): {
  state: ActRunState;
  run: (params: Omit<StudioParams<"act.run">, "runId">) => void;
  cancel: () => void;
  fail: (error: StudioError) => void;
} {
  const studio = useStudio();
  const cancelRun = useCallback((runId: string) => studio.call("act.cancel", { runId }), [studio]);
  const { state, run: start, cancel, fail } = useCancellableRun<ActAnswer>(cancelRun);
  const run = useCallback(
    (params: Omit<StudioParams<"act.run">, "runId">) =>
      start(async (runId) => ({
        ...(await studio.call("act.run", { ...params, runId })),
        typedVariables: params.variables !== undefined,
      })),
    [start, studio],
  );
  return { state, run, cancel, fail };
}
