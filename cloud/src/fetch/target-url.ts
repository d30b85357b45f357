import { isIP } from "node:net";
import { TargetFetchError } from "./target-fetch-error.js";

/**
 * Parsing of target URLs: the caller's and every redirect's. The WHATWG parser does the normalising that
 * matters for SSRF (decimal, octal, hex and short IPv4 hosts become dotted quads, IPv6 is compressed), so
 * later checks see one spelling per address.
 */

/**
 * Parses the caller's URL. `invalid_request` unless it is an absolute `http:`/`https:` URL with a host and
 * without credentials: Loupe never sends `user:password@` (it would leak to every redirect), so rather than
 * drop them silently it refuses. Any port is allowed: the SSRF line is drawn on addresses, not ports.
 */
export function parseTargetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetFetchError("invalid_request", `"${raw}" is not an absolute URL.`);
  }
  if (!isHttpScheme(url)) {
    throw new TargetFetchError(
      "invalid_request",
      `Only http and https URLs can be fetched, not "${url.protocol}".`,
    );
  }
  if (url.username !== "" || url.password !== "") {
    throw new TargetFetchError(
      "invalid_request",
      "The URL carries credentials (user:password@); Loupe does not send them. Remove them from the URL.",
    );
  }
  if (!canonicalizeHost(url)) {
    throw new TargetFetchError("invalid_request", `"${raw}" has no usable host name.`);
  }
  return url;
}

/**
 * The URL a redirect leads to, resolved against the URL that answered; `undefined` when `location` is not
 * a URL at all (the 3xx is then returned as the final response, like one without `Location`). A scheme
 * other than http/https is `blocked_target`: the target is sending us somewhere we never go. Credentials
 * in the Location are dropped, since we never send any.
 */
export function resolveRedirectUrl(location: string, base: URL): URL | undefined {
  let url: URL;
  try {
    url = new URL(location, base);
  } catch {
    return undefined;
  }
  if (!isHttpScheme(url)) {
    throw new TargetFetchError(
      "blocked_target",
      `${base.href} redirects to a "${url.protocol}" URL; only http and https are followed.`,
    );
  }
  url.username = "";
  url.password = "";
  // Fetch standard: a Location without a fragment keeps the fragment of the URL that redirected.
  if (url.hash === "" && base.hash !== "") url.hash = base.hash;
  return canonicalizeHost(url) ? url : undefined;
}

/** The port a URL connects to, its scheme's default when not written. */
export function portOf(url: URL): number {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** The host as an IP literal without brackets, or `undefined` for a name. */
export function hostIpLiteral(url: URL): string | undefined {
  const host = url.hostname;
  if (host.startsWith("[") && host.endsWith("]")) return host.slice(1, -1);
  // The WHATWG parser has already turned every IPv4 spelling into a dotted quad.
  return isIP(host) === 4 ? host : undefined;
}

function isHttpScheme(url: URL): boolean {
  return url.protocol === "http:" || url.protocol === "https:";
}

// "localhost." and "localhost" are the same absolute name, but the resolver refuses the dotted form and TLS
// forbids a trailing dot in SNI; one spelling keeps the lookup, the Host header and the certificate check
// on the same name. False when nothing is left of the host.
function canonicalizeHost(url: URL): boolean {
  if (hostIpLiteral(url) !== undefined) return true;
  const name = url.hostname.replace(/(?<!\.)\.+$/, "");
  if (name === "") return false;
  url.hostname = name;
  return url.hostname !== "" && !url.hostname.endsWith(".");
}
