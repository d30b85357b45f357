/**
 * Runs one task per part with at most `concurrency` in flight. The first failure aborts every task still
 * running (through the signal each gets) and starts no more; the caller's signal does the same.
 */
export async function runParts<P, R>(
  parts: readonly P[],
  task: (part: P, signal: AbortSignal) => Promise<R>,
  options: { concurrency: number; signal: AbortSignal; onDone?: (part: P, result: R) => void },
): Promise<R[]> {
  const controller = new AbortController();
  const forward = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) forward();
  else options.signal.addEventListener("abort", forward, { once: true });
  const results = new Array<R>(parts.length);
  let next = 0;
  const worker = async () => {
    while (next < parts.length && !controller.signal.aborted) {
      const i = next++;
      try {
        results[i] = await task(parts[i]!, controller.signal);
      } catch (error) {
        // Stop the others; the reason they then fail with is this first error.
        if (!controller.signal.aborted) controller.abort(error);
        throw error;
      }
      options.onDone?.(parts[i]!, results[i]!);
    }
  };
  try {
    const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency, parts.length)) }, worker);
    const settled = await Promise.allSettled(workers);
    if (controller.signal.aborted) throw controller.signal.reason;
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (failed) throw failed.reason;
    return results;
  } finally {
    options.signal.removeEventListener("abort", forward);
  }
}
