import { fetchBodySchema, type FetchFormat } from "@loupe/core/protocol";
import { parseBody } from "./request-body.js";
import { serviceError } from "../errors/service-error.js";

/** `POST /v1/fetch`'s body, checked, with the defaults filled in. */
export interface FetchBody {
  url: string;
  format: FetchFormat;
  schema?: Record<string, unknown>;
  proxies: boolean;
  allowRedirects: boolean;
  allowInsecureSsl: boolean;
  /** Report the page's structured metadata (markdown and json only). */
  metadata: boolean;
}

/**
 * Checks a fetch body with the protocol's schema, the one the SDK checks its requests with before
 * sending (spec §4.2), since callers of the HTTP API need not use the SDK. A broken body is 400
 * `invalid_request` saying what to change; an unknown field is named with the body's own fields.
 */
export function parseFetchBody(body: unknown): FetchBody {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw serviceError(
      "invalid_request",
      "The body must be a JSON object: { url, format?, schema?, proxies?, allowRedirects?, allowInsecureSsl?, metadata? }.",
    );
  // The SDK's own fields, sent by a caller who copied a cloud.fetch() call: say where they go instead.
  for (const field of ["apiKey", "baseURL"]) {
    if (field in body)
      throw serviceError(
        "invalid_request",
        field === "apiKey"
          ? 'apiKey does not go in the body: send the key as "Authorization: Bearer <key>".'
          : "baseURL does not go in the body: it is the address this request is sent to.",
      );
  }
  const request = parseBody(fetchBodySchema, body, "POST /v1/fetch");
  return {
    url: new URL(request.url).href,
    format: request.format ?? "raw",
    ...(request.schema ? { schema: request.schema } : {}),
    proxies: request.proxies === true,
    allowRedirects: request.allowRedirects === true,
    allowInsecureSsl: request.allowInsecureSsl === true,
    metadata: request.metadata === true,
  };
}
