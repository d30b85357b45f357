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

/**
 * Any error of a request as the ServiceError its caller sees: a ServiceError as is, Fastify's own 4xx
 * refusals (a body that is not JSON, too large, a wrong content type) as `invalid_request`, and anything
 * else as a 500 whose detail stays in the server's log, never in the answer.
 */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  const fastifyError = error as { statusCode?: number; message?: string };
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500)
    return new ServiceError(
      fastifyError.statusCode,
      "invalid_request",
      fastifyError.message ?? "Bad request.",
    );
  return new ServiceError(
    500,
    "extraction_failed",
    "The server failed unexpectedly; the error is in its log under this request id.",
  );
}
