/**
 * The one HTTP client of Loupe Cloud in core, for `cloud.fetch` and for CLOUD mode: the bearer header,
 * the JSON bodies, answers checked against the protocol's schemas, and error answers turned into errors.
 */
import type { z } from "zod";
import { ClientError, type FetchErrorCode } from "../errors.js";
import { DEFAULT_CLOUD_PORT, checkMessage, errorBodySchema, type CloudRoute } from "../protocol/index.js";

/** Where a client's requests go and the key they carry. */
export interface CloudEndpoint {
  /** The service's base URL, without a trailing slash. */
  readonly cloudURL: string;
  readonly apiKey: string;
  /** The option that set `cloudURL`, named in messages; `cloudURL` when absent (`baseURL` for `cloud.fetch`). */
  readonly urlOption?: "cloudURL" | "baseURL";
}

/** The service's URL when neither the options nor LOUPE_CLOUD_URL name one. */
export const DEFAULT_CLOUD_URL = `http://127.0.0.1:${DEFAULT_CLOUD_PORT}`;

/**
 * The endpoint a CLOUD client uses: `apiKey` or LOUPE_API_KEY, `cloudURL` or LOUPE_CLOUD_URL or the local
 * default.
 * @throws ClientError when there is no key, or when the URL is not an http(s) URL.
 */
export function resolveCloudEndpoint(
  options: { apiKey?: string | undefined; cloudURL?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): CloudEndpoint {
  const apiKey = (options.apiKey ?? env["LOUPE_API_KEY"] ?? "").trim();
  if (!apiKey)
    throw new ClientError(
      'env "CLOUD" needs a Loupe Cloud API key: set LOUPE_API_KEY or pass `apiKey` to new Client(…). ' +
        "Create one with `npx loupe cloud keys create --project NAME`.",
    );
  const raw = options.cloudURL ?? env["LOUPE_CLOUD_URL"] ?? DEFAULT_CLOUD_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ClientError(`cloudURL "${raw}" is not a URL; give Loupe Cloud's http(s) address.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ClientError(`cloudURL must be http or https, not "${raw}".`);
  return { cloudURL: raw.replace(/(?<!\/)\/+$/, ""), apiKey };
}

/** One request to the HTTP API, ready for `fetch`. */
export interface CloudRequest {
  url: string;
  init: RequestInit;
}

/** Builds a request to the API: the key as a bearer token, and a JSON body when there is one. */
export function buildCloudRequest(
  endpoint: CloudEndpoint,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
): CloudRequest {
  const headers: Record<string, string> = { authorization: `Bearer ${endpoint.apiKey}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  return {
    url: `${endpoint.cloudURL}${path}`,
    init: { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
  };
}

/**
 * The service answered with an error (its HTTP status, its `error` code and its request id), or could not
 * be reached (status 0, `target_unreachable`). `code` comes from the body, else from the status.
 */
export class CloudApiError extends ClientError {
  constructor(
    message: string,
    readonly status: number,
    readonly code: FetchErrorCode,
    readonly requestId: string | undefined,
    /** The whole error body the service sent (extra fields such as a schema miss's `issues`). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * Reads an answer of the API: the JSON body of a 2xx, or a `CloudApiError` built from the service's
 * `{ statusCode, error, message, id }` (or from the status alone when the body is not that).
 * `what` names the call in the message ("creating a session").
 */
export function parseCloudAnswer(
  endpoint: CloudEndpoint,
  what: string,
  status: number,
  text: string,
): unknown {
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (status >= 200 && status < 300) {
    if (payload === undefined && text)
      throw new CloudApiError(
        `Loupe Cloud at ${endpoint.cloudURL} answered ${what} with something that is not JSON: ${text.slice(0, 200)}`,
        status,
        "extraction_failed",
        undefined,
      );
    return payload;
  }
  const checked = errorBodySchema.safeParse(payload);
  const body = checked.success ? checked.data : {};
  const serviceMessage = checked.success ? checked.data.message : undefined;
  const code = checked.success ? checked.data.error : undefined;
  const requestId = checked.success ? checked.data.id : undefined;
  const message =
    status === 401
      ? `Loupe Cloud at ${endpoint.cloudURL} refused the API key while ${what}` +
        `${serviceMessage ? ` (${serviceMessage})` : ""}. Check LOUPE_API_KEY (or \`apiKey\`) is a key of ` +
        `this server, and LOUPE_CLOUD_URL (or \`cloudURL\`) is the server that issued it.`
      : `Loupe Cloud at ${endpoint.cloudURL} failed ${what} (HTTP ${status}` +
        `${code ? ` ${code}` : ""}): ${serviceMessage ?? (text.slice(0, 200) || "no message")}` +
        `${requestId ? ` [request ${requestId}]` : ""}`;
  throw new CloudApiError(message, status, code ?? codeOfStatus(status), requestId, body);
}

/** The code of an error answer whose body is not the API's (a proxy's page, an older server). */
function codeOfStatus(status: number): FetchErrorCode {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 429) return "rate_limited";
  if (status === 400 || status === 404 || status === 422) return "invalid_request";
  return "target_unreachable";
}

/**
 * Sends one request to the API and returns the parsed JSON answer.
 * @throws CloudApiError for an error answer, and (status 0, `target_unreachable`) naming `cloudURL` when
 *   the service cannot be reached; `signal.reason` when the signal aborts.
 */
export async function callCloud(
  endpoint: CloudEndpoint,
  what: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  options: { body?: unknown; signal?: AbortSignal } = {},
): Promise<unknown> {
  const request = buildCloudRequest(endpoint, method, path, options.body);
  let response: Response;
  let text: string;
  try {
    response = await globalThis.fetch(request.url, {
      ...request.init,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw Object.assign(
      new CloudApiError(
        `Loupe Cloud at ${endpoint.cloudURL} could not be reached while ${what} (${describeNetworkError(error)}). ` +
          `Start one with \`npx loupe cloud serve\`, or set LOUPE_CLOUD_URL (or \`${endpoint.urlOption ?? "cloudURL"}\`) to where it runs.`,
        0,
        "target_unreachable",
        undefined,
      ),
      { cause: error },
    );
  }
  return parseCloudAnswer(endpoint, what, response.status, text);
}

/**
 * Calls one route of the protocol and checks its answer against the route's schema, so a server that
 * speaks another version of the API is a clear error here, not an undefined field later.
 * @param id The `:id` of the route's path, for the session routes.
 * @throws as {@link callCloud}, and CloudApiError when the answer is not the route's.
 */
export async function callRoute<R extends CloudRoute>(
  endpoint: CloudEndpoint,
  what: string,
  route: R,
  options: { id?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<z.infer<R["answer"]>> {
  const path = route.path.replace(":id", encodeURIComponent(options.id ?? ""));
  const answer = await callCloud(endpoint, what, route.method, path, options);
  const checked = checkMessage(route.answer, answer);
  if (!checked.ok)
    throw new CloudApiError(
      `Loupe Cloud at ${endpoint.cloudURL} answered ${what} with a body this SDK does not understand ` +
        `(${checked.problems}); is it a Loupe Cloud server of the same version (${route.method} ${route.path})?`,
      200,
      "extraction_failed",
      undefined,
    );
  return checked.value as z.infer<R["answer"]>;
}

/** undici's "fetch failed" hides the reason (ECONNREFUSED, ENOTFOUND) in `cause`. */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? error.message;
}
