/** `cloud`: Loupe Cloud from the SDK. */
export { fetch, type FetchMetadata, type FetchResult } from "./cloud-fetch.js";
export type { FetchFormat, FetchRequest } from "./fetch-request.js";
