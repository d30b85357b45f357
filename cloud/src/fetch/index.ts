/**
 * The target-fetching engine of Loupe Cloud's `POST /v1/fetch`: plain HTTP(S) with the SSRF block, the
 * body cap, timeouts, redirects, decompression and charset decoding. The HTTP layer validates and bills the
 * request; the format layer turns a `FetchedTarget` into raw, markdown or JSON.
 */
export { fetchTarget } from "./fetch-target.js";
export { DEFAULT_FETCH_POLICY, type FetchPolicy } from "./fetch-policy.js";
export type { FetchedTarget } from "./fetched-target.js";
export { TargetFetchError, type TargetFetchErrorCode } from "./target-fetch-error.js";
export type { TargetRequest } from "./target-request.js";
// The address rules, for what else reaches targets on a caller's behalf (a hosted session's browser).
export { resolveCheckedAddresses } from "./target-addresses.js";
