import type { FetchErrorCode } from "@loupe/core";

/** The `FetchErrorCode`s the fetch engine can fail with; the HTTP layer maps each to a status. */
export type TargetFetchErrorCode = Extract<
  FetchErrorCode,
  | "invalid_request"
  | "blocked_target"
  | "target_unreachable"
  | "tls_error"
  | "response_too_large"
  | "target_timeout"
>;

/**
 * Fetching the target failed before a response could be returned. A target's own 4xx/5xx is never this:
 * it is a successful fetch with that `statusCode`. The message is meant for the API caller: it names the
 * target problem and, where one exists, what to change.
 */
export class TargetFetchError extends Error {
  constructor(
    /** What kind of failure, for the HTTP layer to answer with. */
    readonly code: TargetFetchErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "TargetFetchError";
  }
}
