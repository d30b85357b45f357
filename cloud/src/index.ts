/**
 * `@loupe/cloud`: Loupe Cloud, the hosted service behind `cloud.fetch()` and `env: "CLOUD"` — plain-HTTP
 * fetch as raw, markdown or schema-shaped JSON, API keys per project, usage.
 */
export {
  startCloudServer,
  modelFromEnv,
  type CloudServer,
  type CloudServerOptions,
} from "./server/cloud-server.js";
export { ApiKeys, type Project } from "./db/api-keys.js";
export { UsageLedger, type UsageTotals } from "./db/usage.js";
export type { FetchPolicy } from "./fetch/index.js";
