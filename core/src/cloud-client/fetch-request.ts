import { FetchValidationError } from "../errors.js";
import { schemaLimitProblem } from "../extract/schema/check-schema-limits.js";

/** The formats `cloud.fetch` returns content in. */
export type FetchFormat = "raw" | "json" | "markdown";

/** A `cloud.fetch()` request (spec §2.4). */
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
  /** Where Loupe Cloud runs; default `LOUPE_CLOUD_URL` or http://127.0.0.1:4455. */
  baseURL?: string;
}

const FORMATS: readonly FetchFormat[] = ["raw", "json", "markdown"];
const KEYS = new Set([
  "apiKey",
  "url",
  "format",
  "schema",
  "proxies",
  "allowRedirects",
  "allowInsecureSsl",
  "baseURL",
]);

/**
 * Checks a fetch request before anything is sent (spec §4.2 rules 1–3, every field's type, and the
 * schema limits), so a mistake costs no request and says what to change.
 * @throws FetchValidationError
 */
export function validateFetchRequest(request: unknown): asserts request is FetchRequest {
  if (typeof request !== "object" || request === null || Array.isArray(request))
    throw new FetchValidationError("cloud.fetch() takes one object: { apiKey, url, format?, schema?, … }.");
  const r = request as Record<string, unknown>;
  const unknown = Object.keys(r).filter((key) => !KEYS.has(key));
  if (unknown.length)
    throw new FetchValidationError(
      `Unknown fetch field${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => `"${k}"`).join(", ")}. The fields are: ${[...KEYS].join(", ")}.`,
    );
  if (typeof r["apiKey"] !== "string" || !r["apiKey"].trim())
    throw new FetchValidationError(
      "apiKey is required: a Loupe Cloud API key (`npx loupe cloud keys create --project NAME`).",
    );
  if (typeof r["url"] !== "string")
    throw new FetchValidationError("url is required: the http or https URL to fetch.");
  let url: URL;
  try {
    url = new URL(r["url"]);
  } catch {
    throw new FetchValidationError(`url "${r["url"]}" is not a URL; give an absolute http or https URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new FetchValidationError(
      `url must be http or https, not ${url.protocol.replace(/:$/, "")}: "${r["url"]}".`,
    );
  const format = r["format"] ?? "raw";
  if (!FORMATS.includes(format as FetchFormat))
    throw new FetchValidationError(
      `format must be one of ${FORMATS.join(", ")}, not ${JSON.stringify(format)}.`,
    );
  if (format === "json" && r["schema"] === undefined)
    throw new FetchValidationError('format "json" needs a schema: the JSON Schema of the data to extract.');
  if (format !== "json" && r["schema"] !== undefined)
    throw new FetchValidationError(
      `schema goes with format "json" only; remove it or set format: "json" (format is "${String(format)}").`,
    );
  if (
    r["schema"] !== undefined &&
    (typeof r["schema"] !== "object" || r["schema"] === null || Array.isArray(r["schema"]))
  )
    throw new FetchValidationError("schema must be a JSON Schema object.");
  if (r["schema"] !== undefined) {
    // A schema past the limits would be refused by the service; say so before sending it.
    const problem = schemaLimitProblem(r["schema"]);
    if (problem) throw new FetchValidationError(problem);
  }
  for (const flag of ["proxies", "allowRedirects", "allowInsecureSsl"]) {
    if (r[flag] !== undefined && typeof r[flag] !== "boolean")
      throw new FetchValidationError(`${flag} must be true or false, not ${JSON.stringify(r[flag])}.`);
  }
  if (r["baseURL"] !== undefined) {
    try {
      new URL(String(r["baseURL"]));
    } catch {
      throw new FetchValidationError(`baseURL "${String(r["baseURL"])}" is not a URL.`);
    }
  }
}
