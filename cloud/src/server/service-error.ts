import { STATUS_OF_CODE, type ErrorCode } from "@loupe/core/protocol";

/**
 * An error the service answers with: an HTTP status and one of the `FetchError` codes clients branch on.
 * The body is `{ statusCode, error: code, message, id }`.
 */
export class ServiceError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
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

/** A ServiceError for a code, with its usual status. */
export function serviceError(code: ErrorCode, message: string): ServiceError {
  return new ServiceError(STATUS_OF_CODE[code], code, message);
}
