import { ExtractTimeoutError } from "../errors.js";

/**
 * Waits for `promise`, but rejects with `signal.reason` as soon as the signal aborts. For work that cannot
 * itself be cancelled (a CDP read), so a timeout still returns on time.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * `abortable` for a read of the page (attaching, capturing, waiting for it to settle): a timeout that
 * ends it says so, since the page — a script that never yields, a very large document — not the model
 * is then what the caller has to look at.
 */
export async function abortablePageRead<T>(reading: Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await abortable(reading, signal);
  } catch (error) {
    if (error instanceof ExtractTimeoutError && error === signal.reason && !error.whileReadingPage)
      throw new ExtractTimeoutError(error.operation, error.timeoutMs, true);
    throw error;
  }
}
