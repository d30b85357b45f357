import { FetchError, type FetchErrorCode } from "../errors.js";
import { validateFetchRequest, type FetchRequest } from "./fetch-request.js";

/** What `cloud.fetch()` returns (spec §2.5). */
export interface FetchResult {
  /** The service's id for this fetch. */
  id: string;
  /** A string for `raw` and `markdown` (check `encoding`); an object for `json`. */
  content: string | Record<string, unknown> | unknown[];
  /** The MIME type the target reported. */
  contentType: string;
  /** `utf-8` for text, `base64` for binary bodies. */
  encoding: "utf-8" | "base64";
  /** The target's response headers. */
  headers: Record<string, string>;
  /** The target's HTTP status: a 404 target is a successful call with 404 here. */
  statusCode: number;
}

const DEFAULT_CLOUD_URL = "http://127.0.0.1:4455";
const CODES = new Set<FetchErrorCode>([
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
]);

/** Where a request goes: the request's `baseURL`, else `LOUPE_CLOUD_URL`, else the local default. */
export function cloudBaseURL(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return (explicit ?? env["LOUPE_CLOUD_URL"] ?? DEFAULT_CLOUD_URL).replace(/\/+$/, "");
}

/**
 * Fetches a URL through Loupe Cloud over plain HTTP — no browser, no JavaScript — and returns it as
 * `raw`, `markdown` or schema-shaped `json` with the target's status, headers and content type.
 *
 * @throws FetchValidationError before anything is sent, for a request that breaks spec §4.2's rules.
 * @throws FetchError with `status` and `code` when the service answers with an error (a target's own
 *   4xx/5xx is not one: it is `statusCode` in the result).
 */
export async function fetch(request: FetchRequest): Promise<FetchResult> {
  validateFetchRequest(request);
  const { apiKey, baseURL, ...body } = request;
  const endpoint = `${cloudBaseURL(baseURL)}/v1/fetch`;
  let response: Response;
  try {
    response = await globalThis.fetch(endpoint, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new FetchError(
      `Loupe Cloud at ${endpoint} could not be reached (${(error as Error).message}). Start one with \`npx loupe cloud serve\` or set LOUPE_CLOUD_URL.`,
      0,
      "target_unreachable",
    );
  }
  const text = await response.text();
  let payload: Record<string, unknown> | undefined;
  try {
    payload = JSON.parse(text) as Record<string, unknown>;
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const code = CODES.has(payload?.["error"] as FetchErrorCode)
      ? (payload?.["error"] as FetchErrorCode)
      : fallbackCode(response.status);
    const message =
      typeof payload?.["message"] === "string"
        ? payload["message"]
        : `Loupe Cloud answered HTTP ${response.status}.`;
    throw new FetchError(
      message,
      response.status,
      code,
      typeof payload?.["id"] === "string" ? payload["id"] : undefined,
    );
  }
  if (!payload)
    throw new FetchError(
      `Loupe Cloud answered with something that is not JSON: ${text.slice(0, 200)}`,
      response.status,
      "extraction_failed",
    );
  return payload as unknown as FetchResult;
}

function fallbackCode(status: number): FetchErrorCode {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 429) return "rate_limited";
  if (status === 400 || status === 404 || status === 422) return "invalid_request";
  return "target_unreachable";
}
