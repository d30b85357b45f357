import { FetchValidationError, type FetchFormat } from "@loupe/core";
import { validateFetchRequest } from "@loupe/core/engine";
import { serviceError } from "./service-error.js";

/** `POST /v1/fetch`'s body, checked. */
export interface FetchBody {
  url: string;
  format: FetchFormat;
  schema?: Record<string, unknown>;
  proxies: boolean;
  allowRedirects: boolean;
  allowInsecureSsl: boolean;
}

/**
 * Checks a fetch body with exactly the rules the SDK applies before sending (spec §4.2), since callers of
 * the HTTP API need not use the SDK. A broken body is 400 `invalid_request` saying what to change.
 */
export function parseFetchBody(body: unknown): FetchBody {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw serviceError(
      "invalid_request",
      "The body must be a JSON object: { url, format?, schema?, proxies?, allowRedirects?, allowInsecureSsl? }.",
    );
  for (const field of ["apiKey", "baseURL"]) {
    if (field in body)
      throw serviceError(
        "invalid_request",
        `${field} does not go in the body: send the key as "Authorization: Bearer <key>".`,
      );
  }
  const request = { ...body, apiKey: "(from the Authorization header)" };
  try {
    validateFetchRequest(request);
  } catch (error) {
    if (error instanceof FetchValidationError) throw serviceError("invalid_request", error.message);
    throw error;
  }
  return {
    url: new URL(request.url).href,
    format: request.format ?? "raw",
    ...(request.schema ? { schema: request.schema } : {}),
    proxies: request.proxies === true,
    allowRedirects: request.allowRedirects === true,
    allowInsecureSsl: request.allowInsecureSsl === true,
  };
}
