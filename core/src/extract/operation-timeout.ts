import { ExtractTimeoutError } from "../errors.js";

/**
 * Aborts `controller` with an `ExtractTimeoutError` once `timeout` milliseconds pass, so whatever listens
 * to its signal (the page reading, the model request in flight) stops and reports the timeout. The one
 * rule for `timeout`, shared by the SDK, Loupe Cloud's server-side operations and the Studio.
 * @returns A function that cancels the timer; call it when the operation ends. Nothing is set without a timeout.
 */
export function abortOnTimeout(
  controller: AbortController,
  operation: "extract" | "act",
  timeout: number | undefined,
): () => void {
  if (timeout === undefined) return () => {};
  const timer = setTimeout(() => controller.abort(new ExtractTimeoutError(operation, timeout)), timeout);
  return () => clearTimeout(timer);
}
