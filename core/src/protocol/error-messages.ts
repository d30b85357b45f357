import { z } from "zod";

/** The `error` codes of the API's error answers, which `FetchError.code` carries. */
export const ERROR_CODES = [
  "invalid_request",
  "unauthorized",
  "rate_limited",
  "blocked_target",
  "target_unreachable",
  "tls_error",
  "response_too_large",
  "target_timeout",
  "unsupported_conversion",
  "extraction_failed",
] as const;

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each code is answered with. */
export const STATUS_OF_CODE: { readonly [code in ErrorCode]: number } = {
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

/** One way a value missed a schema, as a server-side extract reports it. */
export const schemaIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});

/**
 * Every error answer: `{ statusCode, error, message, id }`. An extract whose answer missed its schema
 * adds the `issues` and the value `received`, so a client can rebuild the error a local extract throws.
 */
export const errorBodySchema = z.looseObject({
  statusCode: z.number().int(),
  error: z.enum(ERROR_CODES),
  message: z.string(),
  /** The request id, under which the server logs the request. */
  id: z.string(),
  issues: z.array(schemaIssueSchema).optional(),
  received: z.unknown().optional(),
});

/** An error answer. */
export type ErrorBody = z.infer<typeof errorBodySchema>;
