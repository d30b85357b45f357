import { z } from "zod";
import { FetchValidationError } from "../errors.js";
import { schemaLimitProblem } from "../extract/schema/check-schema-limits.js";
import {
  checkFormatAndSchema,
  checkMessage,
  fetchFields,
  type FetchBody,
  type FetchFormat,
} from "../protocol/index.js";

export type { FetchFormat };

/** A `cloud.fetch()` request: the protocol's fetch fields, and where and as whom to send them. */
export interface FetchRequest {
  /** Loupe Cloud API key; the fetch is billed to its project. */
  apiKey: string;
  /** The http(s) URL to fetch. */
  url: string;
  /** `raw` (default), `markdown` (main content as GitHub-flavoured markdown) or `json` (needs `schema`). */
  format?: FetchFormat;
  /** A JSON Schema; required with `format: "json"`, rejected with any other format. */
  schema?: Record<string, unknown>;
  /** Route through the service's proxies. Default false. */
  proxies?: boolean;
  /** Follow redirects; when false a redirect is returned as its 3xx. Default false. */
  allowRedirects?: boolean;
  /** Skip TLS certificate verification. Default false. */
  allowInsecureSsl?: boolean;
  /**
   * With `markdown` or `json`: also return what the page's structured data states about it (title,
   * author, date, price) as `metadata`, and as YAML front matter before the markdown. Default false.
   */
  metadata?: boolean;
  /** Where Loupe Cloud runs; default `LOUPE_CLOUD_URL` or http://127.0.0.1:4455. */
  baseURL?: string;
}

/** The SDK's request: the body's fields, and the two that never travel in the body. */
const fetchRequestSchema = z
  .strictObject({
    apiKey: z
      .string({ error: "is required: a Loupe Cloud API key (`npx loupe cloud keys create --project NAME`)" })
      .trim()
      .min(1, "is required: a Loupe Cloud API key (`npx loupe cloud keys create --project NAME`)"),
    ...fetchFields,
    baseURL: z.url({ protocol: /^https?$/, error: "must be Loupe Cloud's http(s) address" }).optional(),
  })
  .superRefine(checkFormatAndSchema);

/** A checked request, split into what goes where. */
export interface CheckedFetchRequest {
  apiKey: string;
  baseURL: string | undefined;
  /** The body of `POST /v1/fetch`. */
  body: FetchBody;
}

/**
 * Checks a fetch request before anything is sent (an http(s) `url`, `schema` with `format: "json"` and only then, every field's type, and the
 * schema limits), with the protocol's own field schemas, so a mistake costs no request and says what to
 * change.
 * @throws FetchValidationError
 */
export function validateFetchRequest(request: unknown): CheckedFetchRequest {
  if (typeof request !== "object" || request === null || Array.isArray(request))
    throw new FetchValidationError("cloud.fetch() takes one object: { apiKey, url, format?, schema?, … }.");
  const checked = checkMessage(fetchRequestSchema, request);
  if (!checked.ok) throw new FetchValidationError(`The fetch request is not valid: ${checked.problems}.`);
  const { apiKey, baseURL, ...body } = checked.value;
  if (body.schema !== undefined) {
    // A schema past the limits would be refused by the service; say so before sending it.
    const problem = schemaLimitProblem(body.schema);
    if (problem) throw new FetchValidationError(problem);
  }
  return { apiKey, baseURL, body };
}
