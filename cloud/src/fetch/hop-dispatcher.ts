import { rootCertificates } from "node:tls";
import { Agent, ProxyAgent, type Dispatcher } from "undici";
import type { FetchPolicy } from "./fetch-policy.js";
import type { TargetRequest } from "./target-request.js";
import { hostIpLiteral } from "./target-url.js";

/** A hop's dispatcher, and what to do with it once the hop has been read. */
export interface HopDispatcher {
  dispatcher: Dispatcher;
  /** Gives the dispatcher back: a pooled one keeps its idle connections, a one-off one is destroyed. */
  release(): Promise<void>;
}

/** Idle keep-alive connections are closed after this long. */
const KEEP_ALIVE_MS = 4_000;
/** Pools kept at once; the least recently used is closed past this. */
const MAX_POOLS = 256;

const pools = new Map<string, Agent>();
const policyIds = new WeakMap<FetchPolicy, number>();
let nextPolicyId = 0;

/**
 * The dispatcher for one hop. Direct hops share keep-alive pools, one pool per host name, TLS setting and
 * policy: every connection in a pool was made to a checked address of that one name and verified for
 * it, so reusing one can never carry a request for another name over a certificate checked for the
 * first. A pool connects only to the IP-literal origins it is given, so pinning holds. Proxied hops get a
 * one-off dispatcher, destroyed after the hop.
 */
export function hopDispatcher(url: URL, request: TargetRequest, policy: FetchPolicy): HopDispatcher {
  if (request.proxyUrl !== undefined) {
    const dispatcher = createHopDispatcher(url, request, policy);
    return { dispatcher, release: () => dispatcher.destroy().catch(() => undefined) };
  }
  let policyId = policyIds.get(policy);
  if (policyId === undefined) policyIds.set(policy, (policyId = nextPolicyId++));
  const key = `${policyId}|${request.allowInsecureSsl}|${url.protocol}|${url.hostname}`;
  let pool = pools.get(key);
  if (pool) pools.delete(key);
  else pool = createHopDispatcher(url, request, policy, KEEP_ALIVE_MS) as Agent;
  // Re-inserted last: the Map's order is the recency order the eviction below relies on.
  pools.set(key, pool);
  if (pools.size > MAX_POOLS) {
    const [oldestKey, oldest] = pools.entries().next().value as [string, Agent];
    pools.delete(oldestKey);
    void oldest.close().catch(() => undefined);
  }
  return { dispatcher: pool, release: async () => {} };
}

/**
 * The undici dispatcher for one hop of a fetch: direct, or through the request's proxy.
 *
 * The hop is always dispatched to an IP-literal origin (the address already checked), with the real name
 * in the Host header, which undici also uses as TLS SNI and for certificate verification. So neither
 * undici nor Node ever resolves the name again.
 */
function createHopDispatcher(
  url: URL,
  request: TargetRequest,
  policy: FetchPolicy,
  keepAliveMs?: number,
): Dispatcher {
  const timeouts = {
    headersTimeout: policy.idleTimeoutMs,
    bodyTimeout: policy.idleTimeoutMs,
    ...(keepAliveMs !== undefined ? { keepAliveTimeout: keepAliveMs, keepAliveMaxTimeout: keepAliveMs } : {}),
  };
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
