import { useCallback, useRef, useState } from "react";
import { StudioError } from "@loupe/studio/common";

/** Where a panel's latest run is. */
export type CancellableRunState<Answer> =
  | { status: "idle" }
  | { status: "running"; runId: string; startedAt: number }
  | { status: "done"; answer: Answer }
  /** Cancelled on request; `message` is the service's word on what that left (for act: no action). */
  | { status: "cancelled"; message: string }
  | { status: "failed"; error: StudioError };

/**
 * One run at a time with a Cancel for the one under way, for a method that takes a caller-chosen
 * `runId` (`extract.run`, `act.run`). `run` starts the call with a new id; `cancel` asks the service to
 * stop it (`extract.cancel`, `act.cancel`), and the run's own rejection (code `cancelled`) moves the
 * state on. A second `run` while one is under way does nothing (Ctrl+Enter pressed twice).
 */
export function useCancellableRun<Answer>(cancelRun: (runId: string) => Promise<unknown>): {
  state: CancellableRunState<Answer>;
  run: (start: (runId: string) => Promise<Answer>) => void;
  cancel: () => void;
  fail: (error: StudioError) => void;
} {
  const [state, setState] = useState<CancellableRunState<Answer>>({ status: "idle" });
  const current = useRef<string | undefined>(undefined);

  const run = useCallback((start: (runId: string) => Promise<Answer>) => {
    if (current.current) return;
    const runId = crypto.randomUUID();
    current.current = runId;
    setState({ status: "running", runId, startedAt: Date.now() });
    start(runId).then(
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
            ? { status: "cancelled", message: studioError.message }
            : { status: "failed", error: studioError },
        );
      },
    );
  }, []);

  const cancel = useCallback(() => {
    const runId = current.current;
    if (runId) cancelRun(runId).catch(() => {});
  }, [cancelRun]);

  const fail = useCallback((error: StudioError) => setState({ status: "failed", error }), []);

  return { state, run, cancel, fail };
}
