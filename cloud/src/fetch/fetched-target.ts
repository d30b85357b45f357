/** A target's response, fetched in full: what `POST /v1/fetch` builds its result from (spec §2.5). */
export interface FetchedTarget {
  /** The URL that answered: the request's, or the last redirect's. */
  finalUrl: string;
  /** The target's HTTP status. A 404 or 500 is a result, not an error. */
  statusCode: number;
  /**
   * The target's response headers as it sent them, lower-case names. A repeated header is joined with ", ",
   * `set-cookie` with "\n" (one cookie per line). `content-length` and `content-encoding` describe the
   * bytes on the wire, not `body`, which is decoded.
   */
  headers: Record<string, string>;
  /** The target's `Content-Type` as reported, "" when absent. */
  contentType: string;
  /** The body with its Content-Encoding undone (unless it used a coding Node cannot undo: then as sent). */
  body: Buffer;
  /** `utf-8`: `content` is the body as text. `base64`: `content` is the body's bytes in base64. */
  encoding: "utf-8" | "base64";
  /** The body as text decoded from its charset, or as base64. */
  content: string;
  /** The body is a PDF, by its content type or its `%PDF-` signature (always `base64`). */
  isPdf: boolean;
  /** The charset the text was decoded from (WHATWG name, e.g. `windows-1252`); text only. */
  charset?: string;
}
