import type { LocalBrowserOptions, ModelConfiguration } from "@loupe/core/engine";
import type { FetchPolicy } from "../fetch/index.js";
import type { CloudHttpLimits } from "./http-limits.js";

/** How to run a Loupe Cloud server. */
export interface CloudServerOptions {
  host?: string;
  /** 0 picks a free port. Default DEFAULT_CLOUD_PORT (4455). */
  port?: number;
  /** Where the SQLite database lives (`loupe.db`), when there is no `databaseUrl`. */
  dataDir: string;
  /**
   * A Postgres database (`postgres://user:password@host:5432/loupe`) to keep the state in instead of
   * SQLite, shared by every instance given the same URL. (`loupe cloud serve` takes it from --database or
   * LOUPE_DATABASE_URL.)
   */
  databaseUrl?: string;
  /** Allow targets on private, loopback and link-local addresses (never on a public deployment). */
  allowPrivateNetwork?: boolean;
  /** The model for server-side work; default from LOUPE_MODEL, LOUPE_MODEL_BASE_URL, LOUPE_MODEL_API_KEY. */
  model?: ModelConfiguration;
  /** Proxies for `proxies: true`; default from LOUPE_PROXY_URLS (comma-separated). */
  proxyUrls?: string[];
  /** Fetches one project may have in flight at once. Default 4. */
  maxConcurrentFetches?: number;
  /** Replaces parts of the fetch policy (timeouts, caps; tests mark loopback ports public through it). */
  fetchPolicy?: Partial<FetchPolicy>;
  /**
   * Structured request logs (pino JSON lines): `true` on stderr (the default), `false` none, or a stream
   * of your own. They name methods, paths, statuses and times, never a body or a variable's value.
   */
  log?: boolean | { write(line: string): void };
  /** The region this server's sessions run in (one per server). Default "local". */
  region?: string;
  /** Hosted sessions one project may have running at once. Default 3. */
  maxSessionsPerProject?: number;
  /**
   * Hosted sessions the server runs at once, all projects together. Default: one per 512 MiB of the
   * machine's memory (a session's browser with a page open takes a few hundred MB).
   */
  maxSessions?: number;
  /**
   * The address clients reach this server by, when it is not the one they send (behind a
   * TLS-terminating proxy: `https://loupe.example.com`). `connectUrl` is built on it (`wss://` for
   * `https://`); without it, on the Host of each request and the scheme the server itself serves.
   */
  publicUrl?: string;
  /**
   * The address other instances sharing the store reach this one by (`http://10.0.0.5:4455`), to
   * forward the requests and `connectUrl` upgrades of the sessions it runs. Default: the address it
   * listens on, which is right for one instance (or several on one machine).
   */
  instanceUrl?: string;
  /**
   * How often this instance tells the store it is alive, and looks for dead ones (whose sessions it
   * ends). An instance is dead once its heartbeat is 3 of its intervals old. Default 5 s.
   */
  heartbeatMs?: number;
  /** How often revoked keys are looked for, to end their sessions and connections. Default 2 s. */
  revocationCheckMs?: number;
  /** A session with no API call and no CDP traffic for this long ends. Default 5 minutes. */
  sessionIdleTimeoutMs?: number;
  /** How session browsers are launched (executable, extra switches); default: found like the SDK's. */
  sessionBrowser?: LocalBrowserOptions;
  /** How long a server-side extract result may be served from the cache. Default 24 hours. */
  extractCacheTtlMs?: number;
  /** Replaces some of the bounds on one client (timeouts, header and body sizes); see CLOUD_HTTP_LIMITS. */
  httpLimits?: Partial<CloudHttpLimits>;
}
