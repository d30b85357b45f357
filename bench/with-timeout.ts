/** A deadline for one step of a benchmark, so one stuck page is reported instead of stalling the run. */

/** Thrown when a step outlives its deadline. */
export class StepTimeoutError extends Error {}

/**
 * Resolves or rejects as `work` does, or rejects with StepTimeoutError after `ms`. The pending timer
 * also keeps Node's event loop alive, so a tool whose promise never settles cannot end the process
 * silently mid-run.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StepTimeoutError(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
