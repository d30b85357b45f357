import { z } from "zod";
import { jsonSchemaObject } from "./json-values.js";

/** The formats `POST /v1/fetch` returns content in. */
export const FETCH_FORMATS = ["raw", "json", "markdown"] as const;

/** One of {@link FETCH_FORMATS}. */
export type FetchFormat = (typeof FETCH_FORMATS)[number];

const flag = () =>
  z.boolean({ error: (issue) => `must be true or false, not ${JSON.stringify(issue.input)}` });

/** The fields of a fetch, as `POST /v1/fetch` takes them and `cloud.fetch` sends them. */
export const fetchFields = {
  /** The http(s) URL to fetch. */
  url: z.url({
    protocol: /^https?$/,
    error: (issue) =>
      typeof issue.input === "string"
        ? `must be an absolute http or https URL, not ${JSON.stringify(issue.input)}`
        : "is required: the http or https URL to fetch",
  }),
  /** `raw` (default), `markdown` (main content as GitHub-flavoured markdown) or `json` (needs `schema`). */
  format: z
    .enum(FETCH_FORMATS, {
      error: (issue) => `must be one of ${FETCH_FORMATS.join(", ")}, not ${JSON.stringify(issue.input)}`,
    })
    .optional(),
  /** A JSON Schema; required with `format: "json"`, refused with any other format. */
  schema: jsonSchemaObject.optional(),
  /** Route through the service's proxies. Default false. */
  proxies: flag().optional(),
  /** Follow redirects, each hop checked like the first; when false a 3xx is the result. Default false. */
  allowRedirects: flag().optional(),
  /** Skip TLS certificate verification. Default false. */
  allowInsecureSsl: flag().optional(),
  /**
   * With `markdown` or `json`: also return what the page's structured data states about it (title,
   * author, date, price) as `metadata`, and as YAML front matter before the markdown. Default false.
   */
  metadata: flag().optional(),
};

/**
 * The rules between fields: `json` needs a schema, a schema goes with `json` only, and `metadata` goes
 * with `markdown` or `json`. A refinement, so the body's JSON Schema still lists each field on its own.
 */
export function checkFormatAndSchema(
  body: { format?: FetchFormat | undefined; schema?: unknown; metadata?: boolean | undefined },
  context: z.RefinementCtx,
): void {
  const format = body.format ?? "raw";
  if (format === "raw" && body.metadata === true)
    context.addIssue({
      code: "custom",
      path: ["metadata"],
      message: 'goes with format "markdown" or "json": raw content is returned as the target sent it',
    });
  if (format === "json" && body.schema === undefined)
    context.addIssue({
      code: "custom",
      path: ["schema"],
      message: 'is required with format "json": the JSON Schema of the data to extract',
    });
  if (format !== "json" && body.schema !== undefined)
    context.addIssue({
      code: "custom",
      path: ["schema"],
      message: `goes with format "json" only; remove it or set format: "json" (format is "${format}")`,
    });
}

/** `POST /v1/fetch`: the fetch request fields without `apiKey`. */
export const fetchBodySchema = z.strictObject(fetchFields).superRefine(checkFormatAndSchema);

/** A checked `POST /v1/fetch` body. */
export type FetchBody = z.infer<typeof fetchBodySchema>;

/**
 * What a page states about itself in its structured data (and, for title, author and date, its
 * `<meta>` tags); every field is absent unless stated.
 */
export const fetchMetadataSchema = z.object({
  /** The schema.org type of the page's main thing: `Product`, `NewsArticle`, `Recipe`, `Event`, `QAPage`… */
  type: z.string().optional(),
  title: z.string().optional(),
  /** The authors' names, joined with ", ". */
  author: z.string().optional(),
  /**
   * ISO 8601: the publication date, or an event's start — `YYYY-MM-DD`, with the time and offset
   * (`2025-01-29T20:47:55+00:00`) when the page states one in ISO form. Absent when the page's form
   * cannot be read one way only (`05/06/2025`).
   */
  date: z.string().optional(),
  /** The price as stated (`"19.99"`, or `"10.00–25.00"` for a range). */
  price: z.string().optional(),
  /** ISO 4217 code, when stated with the price. */
  currency: z.string().optional(),
});

/** A fetch result's `metadata`: only what the page declares. */
export type FetchMetadata = z.infer<typeof fetchMetadataSchema>;

/** `POST /v1/fetch`'s answer, which `cloud.fetch` returns. */
export const fetchResultSchema = z.looseObject({
  /** The service's id for this fetch. */
  id: z.string(),
  /** A string for `raw` and `markdown` (check `encoding`); an object or array for `json`. */
  content: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  /** The MIME type the target reported. */
  contentType: z.string(),
  /** `utf-8` for text, `base64` for binary bodies. */
  encoding: z.enum(["utf-8", "base64"]),
  /** The target's response headers. */
  headers: z.record(z.string(), z.string()),
  /** The target's HTTP status: a 404 target is a successful call with 404 here. */
  statusCode: z.number().int(),
  /**
   * With `metadata: true` (markdown and json): what the page's JSON-LD and microdata state about the
   * thing it is about. Only what the page declares; `{}` when it declares nothing.
   */
  metadata: fetchMetadataSchema.optional(),
});
