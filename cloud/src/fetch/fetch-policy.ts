/**
 * The server-side limits and permissions of a fetch. A request says *what* to fetch; the policy says what
 * the server lets any request do. The HTTP layer builds one policy at startup (from `--allow-private-network`)
 * and passes it with every request.
 */
export interface FetchPolicy {
  /**
   * Lift the SSRF block: private, loopback, link-local and every other non-public address becomes
   * reachable. For the Studio's embedded cloud (one person's machine) and for tests; never for a server
   * strangers can reach.
   */
  allowPrivateNetwork: boolean;
  /**
   * TEST HOOK: answers `true` to treat `address` (an IP literal, as connected to) on `port` as public,
   * so a test can mark one loopback server as "the internet" and another as forbidden. Answering `false`
   * defers to the built-in classification; it never blocks an address that is public.
   */
  isPublicAddress?: (address: string, port: number) => boolean;
  /**
   * TEST HOOK (or a custom resolver): the IP addresses a host name resolves to. Defaults to the system
   * resolver (`dns.lookup`, all addresses). Called once per hop; the addresses it returns are checked
   * and then connected to as literals, so no second lookup happens.
   */
  lookupHost?: (hostname: string) => Promise<string[]>;
  /**
   * Certificates (PEM) trusted in addition to Node's root store, e.g. the CA of a TLS-inspecting egress
   * proxy, or a test server's self-signed certificate. Verification stays on: names are still checked.
   */
  extraCaCertificates?: string[];
  /** Cap on the body, counted while reading on the bytes received AND on the decoded bytes. */
  maxBodyBytes: number;
  /** The whole fetch, DNS to last byte, over every redirect. */
  totalTimeoutMs: number;
  /** Establishing one connection, TLS handshake included. */
  connectTimeoutMs: number;
  /** Longest silence while waiting for the response headers or for the next body byte. */
  idleTimeoutMs: number;
  /** Redirects followed (with `allowRedirects`) before giving up. */
  maxRedirects: number;
  /** `Content-Encoding` layers decoded at most; more is refused as a decompression bomb. */
  maxEncodingLayers: number;
}

/** The limits of spec §8 (5 MB, 60 s) with the SSRF block on. Spread it and override what differs. */
export const DEFAULT_FETCH_POLICY: Readonly<FetchPolicy> = Object.freeze({
  allowPrivateNetwork: false,
  maxBodyBytes: 5 * 1024 * 1024,
  totalTimeoutMs: 60_000,
  connectTimeoutMs: 10_000,
  idleTimeoutMs: 15_000,
  maxRedirects: 10,
  maxEncodingLayers: 2,
});
