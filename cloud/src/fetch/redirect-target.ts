import type { RawHeaders } from "./response-headers.js";
import { headerValue } from "./response-headers.js";
import { resolveRedirectUrl } from "./target-url.js";

// 300 (multiple choices), 304 (not modified) and 305/306 (obsolete) are not redirects to follow.
const FOLLOWED_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Where a response redirects to, or `undefined` when it is final: not a followed status, or without a
 * usable `Location` (it is then returned as is). A relative Location is resolved against `url`. Every fetch
 * is a GET, so the method question (301/302/303 turn POST into GET) never arises.
 */
export function redirectTarget(statusCode: number, headers: RawHeaders, url: URL): URL | undefined {
  if (!FOLLOWED_STATUSES.has(statusCode)) return undefined;
  const location = headerValue(headers, "location");
  if (location === undefined || location.trim() === "") return undefined;
  return resolveRedirectUrl(location.trim(), url);
}
