import type { FetchErrorCode } from "@loupe/core";

/**
 * An error the service answers with: an HTTP status and one of the `FetchError` codes clients branch on.
 * The body is `{ statusCode, error: code, message, id }`.
 */
export class ServiceError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: FetchErrorCode,
    message: string,
    /**
     * For an answer that missed its schema: the issues and the value the model produced, added to the
     * body so a client can rebuild the same `SchemaValidationError` a local extract throws.
     */
    readonly details?: { issues: { path: (string | number)[]; message: string }[]; received: unknown },
  ) {
    super(message);
  }
}

/** The HTTP status each code is answered with. */
export const STATUS_OF: Record<FetchErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  rate_limited: 429,
  blocked_target: 403,
  target_unreachable: 502,
  tls_error: 502,
  response_too_large: 413,
  target_timeout: 504,
  unsupported_conversion: 415,
  extraction_failed: 422,
};

/** A ServiceError for a code, with its usual status. */
export function serviceError(code: FetchErrorCode, message: string): ServiceError {
  return new ServiceError(STATUS_OF[code], code, message);
}
