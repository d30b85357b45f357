import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchTarget } from "./fetch-target.js";
import type { FetchPolicy } from "./fetch-policy.js";
import {
  expectFetchError,
  startConnectProxy,
  startHttpServer,
  testPolicy,
  type ConnectProxy,
  type LoopbackServer,
} from "./loopback-servers.test.support.js";
import type { TargetRequest } from "./target-request.js";

// Only loopback is ever contacted. `forbidden` stands for the private network an attacker aims at; `publicSite`
// is "the internet", a loopback server the isPublicAddress hook vouches for; `trap` is a CONNECT proxy that
// every test about an off-machine address goes through, so that even a broken check would only reach the trap
// (which refuses to tunnel anywhere but loopback) and never the real 10.0.0.1 or 169.254.169.254.
let forbidden: LoopbackServer;
let publicSite: LoopbackServer;
let trap: ConnectProxy;

beforeAll(async () => {
  forbidden = await startHttpServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" }).end("internal secrets");
  });
  publicSite = await startHttpServer((request, response) => {
    const target = new URL(request.url ?? "/", "http://x").searchParams.get("to");
    if (target !== null) response.writeHead(302, { location: target }).end();
    else response.writeHead(200, { "content-type": "text/plain" }).end("public page");
  });
  trap = await startConnectProxy();
});

afterAll(async () => {
  await Promise.all([forbidden.close(), publicSite.close(), trap.close()]);
});

/** The production policy (no private network), with `publicSite`'s port vouched for as public. */
function strictPolicy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return testPolicy({
    allowPrivateNetwork: false,
    isPublicAddress: (_address, port) => port === publicSite.port,
    ...overrides,
  });
}

function get(url: string, policy: FetchPolicy, overrides: Partial<TargetRequest> = {}) {
  return fetchTarget({ url, allowRedirects: false, allowInsecureSsl: false, ...overrides }, policy);
}

describe("SSRF: loopback in every spelling", () => {
  const spellings = [
    "http://127.0.0.1:PORT/",
    "http://127.0.0.1.:PORT/",
    "http://127.42.0.1:PORT/",
    "http://localhost:PORT/",
    "http://LOCALHOST:PORT/",
    "http://localhost.:PORT/",
    "http://[::1]:PORT/",
    "http://[::ffff:127.0.0.1]:PORT/",
    "http://[::ffff:7f00:1]:PORT/",
    "http://[0:0:0:0:0:ffff:127.0.0.1]:PORT/",
    "http://2130706433:PORT/",
    "http://0177.0.0.1:PORT/",
    "http://0x7f.0.0.1:PORT/",
    "http://0x7f000001:PORT/",
    "http://127.1:PORT/",
    "http://0.0.0.0:PORT/",
    "http://0:PORT/",
    "http://[::]:PORT/",
    "https://127.0.0.1:PORT/",
    "https://localhost:PORT/",
  ];

  it.each(spellings)("refuses %s before connecting", async (spelling) => {
    const url = spelling.replace("PORT", String(forbidden.port));
    await expectFetchError(get(url, strictPolicy()), "blocked_target");
    expect(forbidden.connections).toBe(0);
  });

  it("saw not a single connection on the target", () => {
    expect(forbidden.connections).toBe(0);
  });
});

describe("SSRF: off-machine private ranges", () => {
  const targets: [string, string][] = [
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["http://[fe80::1]/", "fe80::1"],
    ["http://10.0.0.1/", "10.0.0.1"],
    ["http://172.16.0.1/", "172.16.0.1"],
    ["http://192.168.1.1/", "192.168.1.1"],
    ["http://100.64.0.1/", "100.64.0.1"],
    ["http://[64:ff9b::7f00:1]/", "64:ff9b::7f00:1"],
    ["http://[64:ff9b::a9fe:a9fe]/", "64:ff9b::a9fe:a9fe"],
    ["http://[2002:7f00:1::]/", "2002:7f00:1::"],
    ["http://[2002:a00:1::1]/", "2002:a00:1::1"],
    ["http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
    ["http://[fd00:ec2::254]/", "fd00:ec2::254"],
    ["http://[fc00::1]/", "fc00::1"],
    ["http://224.0.0.1/", "224.0.0.1"],
    ["http://255.255.255.255/", "255.255.255.255"],
    ["http://192.0.2.1/", "192.0.2.1"],
    ["http://198.18.0.1/", "198.18.0.1"],
    ["http://240.0.0.1/", "240.0.0.1"],
    ["https://10.0.0.1:8443/", "10.0.0.1"],
  ];

  it.each(targets)("refuses %s, judging the address %s, before connecting", async (url, address) => {
    const consulted: string[] = [];
    const policy = strictPolicy({
      isPublicAddress: (candidate) => {
        consulted.push(candidate);
        return false;
      },
    });
    const error = await expectFetchError(get(url, policy, { proxyUrl: trap.url() }), "blocked_target");
    expect(consulted).toEqual([address]);
    expect(error.message).toContain(address);
    expect(trap.connections).toBe(0);
  });

  it("refuses a cloud metadata name that resolves to link-local", async () => {
    const policy = strictPolicy({ lookupHost: async () => ["169.254.169.254"] });
    const error = await expectFetchError(
      get("http://metadata.google.internal/computeMetadata/v1/", policy, { proxyUrl: trap.url() }),
      "blocked_target",
    );
    expect(error.message).toMatch(/metadata.google.internal resolves to 169.254.169.254/);
    expect(trap.connections).toBe(0);
  });
});

describe("SSRF: names", () => {
  it("refuses a name whose only address is loopback", async () => {
    const policy = strictPolicy({ lookupHost: async () => ["127.0.0.1"] });
    const error = await expectFetchError(
      get(`http://evil.test:${forbidden.port}/`, policy),
      "blocked_target",
    );
    expect(error.message).toMatch(/evil.test resolves to 127.0.0.1, which is a loopback address/);
    expect(forbidden.connections).toBe(0);
  });

  it("refuses a name with one public and one private address", async () => {
    // Connecting to the public one would be harmless, but the next connection could pick the other.
    const policy = strictPolicy({ lookupHost: async () => ["93.184.216.34", "10.0.0.1"] });
    await expectFetchError(get("http://mixed.test/", policy, { proxyUrl: trap.url() }), "blocked_target");
    expect(trap.connections).toBe(0);
  });

  it("refuses a resolver answer that is not an IP address, even with private networks allowed", async () => {
    const policy = testPolicy({ lookupHost: async () => ["localhost"] });
    await expectFetchError(get(`http://weird.test:${forbidden.port}/`, policy), "blocked_target");
    expect(forbidden.connections).toBe(0);
  });

  it("resolves once and connects to the checked address, so a rebinding DNS cannot switch it", async () => {
    // First answer: the vouched-for public server. Any later lookup would answer with the forbidden one.
    let lookups = 0;
    const policy = strictPolicy({
      lookupHost: async () => (++lookups === 1 ? ["127.0.0.1"] : ["127.0.0.2"]),
      isPublicAddress: (address, port) => address === "127.0.0.1" && port === publicSite.port,
    });
    const before = publicSite.requests.length;
    const result = await get(`http://rebind.test:${publicSite.port}/page`, policy);
    expect(result.content).toBe("public page");
    expect(lookups).toBe(1);
    // The server was reached by its checked address, with the name in the Host header.
    expect(publicSite.requests.slice(before)).toEqual([`GET /page rebind.test:${publicSite.port}`]);
  });
});

describe("SSRF: redirects", () => {
  const hops = [
    "http://127.0.0.1:PORT/",
    "http://localhost:PORT/",
    "http://[::1]:PORT/",
    "http://2130706433:PORT/",
  ];

  it.each(hops)("refuses a redirect from a public site to %s", async (hop) => {
    const to = hop.replace("PORT", String(forbidden.port));
    const start = `http://127.0.0.1:${publicSite.port}/?to=${encodeURIComponent(to)}`;
    await expectFetchError(get(start, strictPolicy(), { allowRedirects: true }), "blocked_target");
    expect(forbidden.connections).toBe(0);
  });

  it("refuses a redirect to an off-machine private address", async () => {
    const start = `http://127.0.0.1:${publicSite.port}/?to=${encodeURIComponent("http://169.254.169.254/")}`;
    // The proxy tunnels to the public site's loopback port; a broken check would ask it for 169.254.169.254.
    await expectFetchError(
      get(start, strictPolicy(), { allowRedirects: true, proxyUrl: trap.url() }),
      "blocked_target",
    );
    expect(trap.tunnels).toEqual([`127.0.0.1:${publicSite.port}`]);
  });

  it("returns the redirect itself without allowRedirects, without touching its target", async () => {
    const to = `http://127.0.0.1:${forbidden.port}/`;
    const start = `http://127.0.0.1:${publicSite.port}/?to=${encodeURIComponent(to)}`;
    const result = await get(start, strictPolicy());
    expect(result).toMatchObject({ statusCode: 302, headers: { location: to } });
    expect(forbidden.connections).toBe(0);
  });
});

describe("SSRF: allowed", () => {
  it("lets loopback through with allowPrivateNetwork", async () => {
    const policy = testPolicy({ allowPrivateNetwork: true });
    for (const host of ["127.0.0.1", "localhost", "[::1]"]) {
      const result = await get(`http://${host}:${forbidden.port}/`, policy);
      expect(result.content).toBe("internal secrets");
    }
  });

  it("lets a redirect reach loopback with allowPrivateNetwork", async () => {
    const to = `http://localhost:${forbidden.port}/`;
    const start = `http://127.0.0.1:${publicSite.port}/?to=${encodeURIComponent(to)}`;
    const result = await get(start, testPolicy({ allowPrivateNetwork: true }), { allowRedirects: true });
    expect(result).toMatchObject({ content: "internal secrets", finalUrl: to });
  });
});
