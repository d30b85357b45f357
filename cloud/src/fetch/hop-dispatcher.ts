import { rootCertificates } from "node:tls";
import { Agent, ProxyAgent, type Dispatcher } from "undici";
import type { FetchPolicy } from "./fetch-policy.js";
import type { TargetRequest } from "./target-request.js";
import { hostIpLiteral } from "./target-url.js";

/**
 * The undici dispatcher for one hop of a fetch: direct, or through the request's proxy. One per hop,
 * destroyed when the hop is read: the TLS settings and the name checked in the certificate belong to that
 * hop alone, and no socket outlives the fetch. (Keep-alive across fetches would save handshakes; it waits
 * until it can be keyed safely by address, name and TLS settings together.)
 *
 * The hop is always dispatched to an IP-literal origin (the address already checked), with the real name
 * in the Host header, which undici also uses as TLS SNI and for certificate verification. So neither
 * undici nor Node ever resolves the name again.
 */
export function createHopDispatcher(url: URL, request: TargetRequest, policy: FetchPolicy): Dispatcher {
  const timeouts = { headersTimeout: policy.idleTimeoutMs, bodyTimeout: policy.idleTimeoutMs };
  // Node's `ca` replaces the root store, so extra certificates are appended to it, never substituted.
  const ca = policy.extraCaCertificates?.length
    ? [...rootCertificates, ...policy.extraCaCertificates]
    : undefined;
  const tls = { timeout: policy.connectTimeoutMs, rejectUnauthorized: !request.allowInsecureSsl, ca };
  if (request.proxyUrl === undefined) {
    return new Agent({ ...timeouts, connect: tls });
  }
  return new ProxyAgent({
    uri: request.proxyUrl,
    ...timeouts,
    // The proxy is our own configuration: reached and verified normally, whatever the request says.
    proxyTls: { timeout: policy.connectTimeoutMs },
    // Through a tunnel undici does not derive SNI from the Host header, so the name is given here.
    requestTls: {
      ...tls,
      servername: hostIpLiteral(url) === undefined ? url.hostname : undefined,
    },
  });
}
