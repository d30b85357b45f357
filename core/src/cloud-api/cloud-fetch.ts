import { FetchError } from "../errors.js";
import { CLOUD_ROUTES, type FetchMetadata, type fetchResultSchema } from "../protocol/index.js";
import type { z } from "zod";
import { CloudApiError, callRoute, resolveCloudEndpoint } from "./cloud-http.js";
import { validateFetchRequest, type FetchRequest } from "./fetch-request.js";

/** What `cloud.fetch()` returns: the protocol's fetch answer. */
export type FetchResult = Pick<
  z.infer<typeof fetchResultSchema>,
  "id" | "content" | "contentType" | "encoding" | "headers" | "statusCode" | "metadata"
>;

export type { FetchMetadata };

/**
 * Fetches a URL through Loupe Cloud over plain HTTP — no browser, no JavaScript — and returns it as
 * `raw`, `markdown` or schema-shaped `json` with the target's status, headers and content type. Sent to
 * `baseURL`, else `LOUPE_CLOUD_URL`, else http://127.0.0.1:4455.
 *
 * @throws FetchValidationError before anything is sent, for a request that breaks the fetch rules (an http(s) `url`; `schema` with `format: "json"` and only then).
 * @throws FetchError with `status` and `code` when the service answers with an error (a target's own
 *   4xx/5xx is not one: it is `statusCode` in the result), or with status 0 and `target_unreachable`
 *   when it cannot be reached.
 */
export async function fetch(request: FetchRequest): Promise<FetchResult> {
  const { apiKey, baseURL, body } = validateFetchRequest(request);
  const endpoint = { ...resolveCloudEndpoint({ apiKey, cloudURL: baseURL }), urlOption: "baseURL" as const };
  try {
    return await callRoute(endpoint, `fetching ${body.url}`, CLOUD_ROUTES.fetch, { body });
  } catch (error) {
    if (error instanceof CloudApiError)
      throw new FetchError(error.message, error.status, error.code, error.requestId, { cause: error });
    throw error;
  }
}
