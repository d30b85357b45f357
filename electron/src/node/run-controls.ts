import { abortOnTimeout } from "@loupe/core/engine";
import { StudioError } from "../common/studio-error.js";

/** One run under way: its signal stops everything it does, `end` forgets it once it answered. */
export interface RunControl {
  signal: AbortSignal;
  end(): void;
}

/**
 * The runs under way (extract, act and fetch), by the id their caller chose. Cancel and a run's timeout
 * abort its controller, which stops the page reading, the model request or the fetch in flight; stopping
 * the service aborts them all. One map for every kind, so an id names one run whichever panel started it.
 */
export class RunControls {
  private readonly runs = new Map<string, AbortController>();

  /**
   * Registers a run; after `timeout` ms its signal aborts with core's timeout error.
   * @throws StudioError `invalid_params` when a run with this id is still under way.
   */
  begin(runId: string, operation: "extract" | "act" | "fetch", timeout: number | undefined): RunControl {
    if (this.runs.has(runId))
      throw new StudioError("invalid_params", `Run "${runId}" is already under way.`, [
        { path: ["runId"], message: "already in use" },
      ]);
    const controller = new AbortController();
    this.runs.set(runId, controller);
    // A fetch has its own timeouts (the fetch policy's): only extract and act take a run timeout.
    const cancelTimeout = operation === "fetch" ? () => {} : abortOnTimeout(controller, operation, timeout);
    return {
      signal: controller.signal,
      end: () => {
        cancelTimeout();
        if (this.runs.get(runId) === controller) this.runs.delete(runId);
      },
    };
  }

  /**
   * Cancels a run: its signal aborts with a `cancelled` error saying `message`. Answers whether a run
   * had that id.
   */
  cancel(runId: string, message: string): boolean {
    const run = this.runs.get(runId);
    run?.abort(new StudioError("cancelled", message));
    return Boolean(run);
  }

  /** Aborts every run (the service is stopping). */
  abortAll(): void {
    for (const run of this.runs.values()) run.abort(new StudioError("cancelled", "The Studio stopped."));
  }
}
