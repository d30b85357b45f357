import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchTarget } from "./fetch-target.js";
import type { FetchPolicy } from "./fetch-policy.js";
import {
  expectFetchError,
  LOCALHOST_TLS,
  startConnectProxy,
  startHttpServer,
  startHttpsServer,
  testPolicy,
  type ConnectProxy,
  type LoopbackServer,
} from "./loopback-servers.test.support.js";

let site: LoopbackServer;
let secureSite: LoopbackServer;
let proxy: ConnectProxy;
const serverNames: (string | false | null)[] = [];

beforeAll(async () => {
  site = await startHttpServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" }).end("via proxy");
  });
  secureSite = await startHttpsServer((request, response) => {
    serverNames.push((request.socket as TLSSocket).servername);
    response.writeHead(200, { "content-type": "text/plain" }).end("via proxy, encrypted");
  });
  proxy = await startConnectProxy();
});

afterAll(async () => {
  await Promise.all([site.close(), secureSite.close(), proxy.close()]);
});

/** Strict SSRF policy in which only `site` and `secureSite` count as public, reached as "site.test". */
function proxiedPolicy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return testPolicy({
    allowPrivateNetwork: false,
    isPublicAddress: (_address, port) => port === site.port || port === secureSite.port,
    lookupHost: async () => ["127.0.0.1"],
    ...overrides,
  });
}

describe("fetchTarget through a proxy", () => {
  it("tunnels an http target through the proxy, to the checked address, with the name as Host", async () => {
    const tunnelsBefore = proxy.tunnels.length;
    const requestsBefore = site.requests.length;
    const result = await fetchTarget(
      {
        url: `http://site.test:${site.port}/page`,
        allowRedirects: false,
        allowInsecureSsl: false,
        proxyUrl: proxy.url(),
      },
      proxiedPolicy(),
    );
    expect(result.content).toBe("via proxy");
    expect(proxy.tunnels.slice(tunnelsBefore)).toEqual([`127.0.0.1:${site.port}`]);
    expect(site.requests.slice(requestsBefore)).toEqual([`GET /page site.test:${site.port}`]);
  });

  it("tunnels an https target and verifies its certificate for the name through the tunnel", async () => {
    serverNames.length = 0;
    const tunnelsBefore = proxy.tunnels.length;
    const result = await fetchTarget(
      {
        url: `https://localhost:${secureSite.port}/`,
        allowRedirects: false,
        allowInsecureSsl: false,
        proxyUrl: proxy.url(),
      },
      proxiedPolicy({ extraCaCertificates: [LOCALHOST_TLS.cert.toString()] }),
    );
    expect(result.content).toBe("via proxy, encrypted");
    expect(proxy.tunnels.slice(tunnelsBefore)).toEqual([`127.0.0.1:${secureSite.port}`]);
    expect(serverNames).toEqual(["localhost"]);
  });

  it("still reports a bad certificate behind the proxy as tls_error", async () => {
    await expectFetchError(
      fetchTarget(
        {
          url: `https://localhost:${secureSite.port}/`,
          allowRedirects: false,
          allowInsecureSsl: false,
          proxyUrl: proxy.url(),
        },
        proxiedPolicy(),
      ),
      "tls_error",
    );
  });

  it("checks the target, not the proxy, against the SSRF policy", async () => {
    const tunnelsBefore = proxy.tunnels.length;
    const connectionsBefore = proxy.connections;
    // The proxy is on loopback and trusted; the target (loopback, not vouched for) is refused.
    const strict = proxiedPolicy({ isPublicAddress: () => false });
    await expectFetchError(
      fetchTarget(
        {
          url: `http://127.0.0.1:${site.port}/`,
          allowRedirects: false,
          allowInsecureSsl: false,
          proxyUrl: proxy.url(),
        },
        strict,
      ),
      "blocked_target",
    );
    expect(proxy.tunnels.length).toBe(tunnelsBefore);
    expect(proxy.connections).toBe(connectionsBefore);
  });

  it("reports a proxy that refuses the tunnel as target_unreachable", async () => {
    // The test proxy refuses to tunnel anywhere but loopback; the policy vouches for this address.
    await expectFetchError(
      fetchTarget(
        {
          url: "http://public.test/",
          allowRedirects: false,
          allowInsecureSsl: false,
          proxyUrl: proxy.url(),
        },
        proxiedPolicy({ lookupHost: async () => ["198.51.100.7"], isPublicAddress: () => true }),
      ),
      "target_unreachable",
    );
    expect(proxy.tunnels.at(-1)).toBe("198.51.100.7:80");
  });

  it("reports a proxy that cannot be reached as target_unreachable", async () => {
    const gone = await startHttpServer(() => undefined);
    const proxyUrl = gone.url();
    await gone.close();
    await expectFetchError(
      fetchTarget(
        { url: `http://site.test:${site.port}/`, allowRedirects: false, allowInsecureSsl: false, proxyUrl },
        proxiedPolicy(),
      ),
      "target_unreachable",
    );
  });
});
