import { TargetFetchError } from "./target-fetch-error.js";

/** One signal that ends a whole fetch: the overall timeout, or the caller giving up. */
export interface FetchDeadline {
  /** Aborted with a `target_timeout` TargetFetchError, or with the caller's own abort reason. */
  readonly signal: AbortSignal;
  /** Stops the timer and detaches from the caller's signal; call once the fetch is over. */
  dispose(): void;
}

/**
 * Starts the overall clock of a fetch (DNS, connects, redirects and body together). A caller's abort is
 * passed on with the caller's reason, so the caller sees its own error rather than a timeout it never set.
 */
export function startDeadline(totalTimeoutMs: number, callerSignal?: AbortSignal): FetchDeadline {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(
      new TargetFetchError(
        "target_timeout",
        `The target did not deliver its response within ${formatSeconds(totalTimeoutMs)}.`,
      ),
    );
  }, totalTimeoutMs);
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
  };
}

/** "60 s", "0.5 s": timeouts as people read them. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}
