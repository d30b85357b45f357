/** One fetch as the API caller asked for it (spec §2.4, less what the HTTP layer handles itself). */
export interface TargetRequest {
  /** The target. Validated as http(s) by the caller and checked again here. */
  url: string;
  /** Follow redirects; when false a 3xx is the result (its `statusCode`, `Location` in `headers`). */
  allowRedirects: boolean;
  /** Skip certificate verification (expired, self-signed, wrong name). */
  allowInsecureSsl: boolean;
  /**
   * Route through this HTTP(S) proxy (server configuration, `LOUPE_PROXY_URLS`). The proxy is trusted; the
   * SSRF check still applies to the target, and the proxy is asked to tunnel to the checked address.
   */
  proxyUrl?: string;
  /** Abort the fetch, e.g. when the API client disconnects; the fetch then rejects with this signal's reason. */
  signal?: AbortSignal;
}
