import { FetchError, type FetchResult } from "@loupe/core";
import type { ModelConfiguration } from "@loupe/core/engine";
import { DEFAULT_FETCH_POLICY, type FetchPolicy } from "../fetch/index.js";
import { MemoryConcurrencyLimit } from "./concurrency-limit.js";
import { parseFetchBody } from "./fetch-body.js";
import { retainMarkdownWorkers } from "./markdown-loader.js";
import { modelFromEnv } from "./model-from-env.js";
import { runFetch } from "./run-fetch.js";
import { ServiceError } from "../errors/service-error.js";

/** How fetches run in this process (the CLI and the Studio without a cloud URL). */
export interface LocalFetchOptions {
  /**
   * Allow targets on private, loopback and link-local addresses. Default true: the fetch runs for the
   * person at this machine, who can reach those addresses anyway.
   */
  allowPrivateNetwork?: boolean;
  /** The model for `format: "json"`; default from LOUPE_MODEL, LOUPE_MODEL_BASE_URL, LOUPE_MODEL_API_KEY. */
  model?: ModelConfiguration;
  /** Proxies for `proxies: true`; default from LOUPE_PROXY_URLS (comma-separated). */
  proxyUrls?: string[];
  /** Fetches in flight at once; past it a fetch is refused with `rate_limited`, as the server does. Default 4. */
  maxConcurrentFetches?: number;
  /** Replaces parts of the fetch policy (timeouts, caps; tests mark loopback ports public through it). */
  fetchPolicy?: Partial<FetchPolicy>;
}

/** Runs fetches in this process; `close()` stops the markdown workers it kept. */
export interface LocalFetcher {
  /**
   * Fetches as `POST /v1/fetch` does: `body` is that route's body (no `apiKey`, no `baseURL`), checked
   * with the protocol's schema; the target goes through the same egress wall, size and time limits and
   * markdown workers.
   * @throws FetchError with the status and code the server would answer with.
   */
  fetch(body: unknown, options?: { signal?: AbortSignal }): Promise<FetchResult>;
  close(): Promise<void>;
}

/** Every local fetch counts as this one project for the concurrency limit and the markdown queue. */
const LOCAL_PROJECT = "local";

/**
 * A fetcher that runs the fetch pipeline of Loupe Cloud in this process: no HTTP server, no port, no
 * database, no API key. Usage is not metered: there is nobody to bill.
 */
export function createLocalFetcher(options: LocalFetchOptions = {}): LocalFetcher {
  const policy: FetchPolicy = {
    ...DEFAULT_FETCH_POLICY,
    allowPrivateNetwork: options.allowPrivateNetwork ?? true,
    ...options.fetchPolicy,
  };
  const model = options.model ?? modelFromEnv();
  const proxyUrls = options.proxyUrls ?? proxyUrlsFromEnv();
  const inFlight = new MemoryConcurrencyLimit(options.maxConcurrentFetches ?? 4, "fetches");
  const releaseMarkdownWorkers = retainMarkdownWorkers();
  let closed = false;
  return {
    async fetch(body, { signal } = {}) {
      if (closed) throw new FetchError("This local fetcher is closed.", 503, "extraction_failed");
      try {
        const checked = parseFetchBody(body);
        const { result } = await inFlight.run(LOCAL_PROJECT, () =>
          runFetch(checked, {
            policy,
            proxyUrls,
            model,
            projectId: LOCAL_PROJECT,
            ...(signal ? { signal } : {}),
          }),
        );
        return result;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw toFetchError(error);
      }
    },
    async close() {
      closed = true;
      await releaseMarkdownWorkers();
    },
  };
}

/**
 * One fetch in this process, with a fetcher of its own that is closed when the fetch ends.
 * @throws FetchError as {@link LocalFetcher.fetch}.
 */
export async function fetchInProcess(
  body: unknown,
  options: LocalFetchOptions & { signal?: AbortSignal } = {},
): Promise<FetchResult> {
  const { signal, ...fetcherOptions } = options;
  const fetcher = createLocalFetcher(fetcherOptions);
  try {
    return await fetcher.fetch(body, signal ? { signal } : {});
  } finally {
    await fetcher.close();
  }
}

/** The proxies LOUPE_PROXY_URLS lists, as the server reads them. */
export function proxyUrlsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env["LOUPE_PROXY_URLS"] ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean);
}

/**
 * A refusal as the `FetchError` `cloud.fetch` throws for the same answer over HTTP: the status and code
 * are the server's, the message is the server's message (there is no server to name). A failure that is
 * not a refusal keeps its message here, where no log would hold it, and is the server's 500.
 */
function toFetchError(error: unknown): FetchError {
  if (error instanceof ServiceError)
    return new FetchError(error.message, error.statusCode, error.code, undefined, { cause: error });
  const detail = error instanceof Error ? error.message : String(error);
  return new FetchError(`The fetch failed unexpectedly: ${detail}`, 500, "extraction_failed", undefined, {
    cause: error,
  });
}
