/**
 * `@loupe/cloud`: Loupe Cloud, the hosted service behind `cloud.fetch()` and `env: "CLOUD"` — plain-HTTP
 * fetch as raw, markdown or schema-shaped JSON, hosted browser sessions with server-side extract/act and
 * a result cache, API keys per project, usage.
 */
export { startCloudServer, type CloudServer, type CloudServerOptions } from "./server/cloud-server.js";
export { modelFromEnv } from "./server/model-from-env.js";
export {
  createLocalFetcher,
  fetchInProcess,
  type LocalFetcher,
  type LocalFetchOptions,
} from "./server/local-fetch.js";
export { ApiKeys, type Project } from "./db/api-keys.js";
export { UsageLedger, type UsageTotals } from "./db/usage.js";
export type { FetchPolicy } from "./fetch/index.js";
export { SessionRegistry, type SessionLimits } from "./sessions/session-registry.js";
export type { EndReason, SessionState } from "./sessions/session-state.js";
export { AD_HOSTS } from "./sessions/ad-block-list.js";
