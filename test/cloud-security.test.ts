/**
 * Loupe Cloud end to end, security: the SSRF block in every spelling and across redirects, TLS
 * verification, proxies, and the request checks the SDK makes locally and the API makes again.
 *
 * Only loopback is ever contacted. The one off-machine address of the table (169.254.169.254) is sent
 * with `proxies: true` through a loopback CONNECT proxy that tunnels only to loopback, so even a broken
 * check could reach nothing but that trap.
 */
import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cloud, FetchValidationError } from "@loupe/core";
import {
  expectErrorBody,
  expectFetchError,
  startCloudHarness,
  startConnectProxy,
  startHttpServer,
  startHttpsServer,
  type CloudHarness,
  type ConnectProxy,
  type LoopbackServer,
} from "./support/cloud-harness.js";

describe("SSRF: a server without allowPrivateNetwork", () => {
  let h: CloudHarness;
  let publicSite: LoopbackServer;
  let trap: ConnectProxy;

  beforeAll(async () => {
    trap = await startConnectProxy();
    // "The internet": a loopback server the isPublicAddress test hook vouches for. It redirects to ?to=.
    publicSite = await startHttpServer((request, response) => {
      const to = new URL(request.url ?? "/", "http://x").searchParams.get("to");
      if (to !== null) response.writeHead(302, { location: to }).end();
      else response.writeHead(200, { "content-type": "text/plain" }).end("public page");
    });
    h = await startCloudHarness({
      server: {
        allowPrivateNetwork: false,
        proxyUrls: [trap.url()],
        fetchPolicy: { isPublicAddress: (_address, port) => port === publicSite.port },
      },
      // The forbidden target: stands for the private network an attacker aims at.
      routes: {
        "/": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("internal secrets"),
      },
    });
  });

  afterAll(async () => {
    await h.close();
    await Promise.all([publicSite.close(), trap.close()]);
  });

  const LOOPBACK_SPELLINGS = [
    "http://127.0.0.1:PORT/",
    "http://localhost:PORT/",
    "http://[::1]:PORT/",
    "http://2130706433:PORT/",
    "http://0x7f.0.0.1:PORT/",
    "http://127.1:PORT/",
    "http://[::ffff:127.0.0.1]:PORT/",
    "http://0177.0.0.1:PORT/",
    "http://[0:0:0:0:0:ffff:7f00:1]:PORT/",
  ];

  it.each(LOOPBACK_SPELLINGS)(
    "refuses %s with blocked_target (403); the target sees nothing",
    async (spelling) => {
      const url = spelling.replace("PORT", String(h.target.port));
      const error = await expectFetchError(h.fetch({ url }), "blocked_target", 403);
      expect(error.message).toMatch(/loopback|not a public|only fetches public/);
      expect(h.target.connections).toBe(0);
    },
  );

  it("refuses the cloud metadata address 169.254.169.254 with blocked_target; nothing is contacted", async () => {
    const error = await expectFetchError(
      h.fetch({ url: "http://169.254.169.254/latest/meta-data/", proxies: true }),
      "blocked_target",
      403,
    );
    expect(error.message).toMatch(/link-local/);
    expect(trap.connections).toBe(0);
  });

  it("answers raw HTTP with the JSON error body", async () => {
    const answer = await h.api("POST", "/v1/fetch", { body: { url: h.target.url("/") } });
    expectErrorBody(answer, 403, "blocked_target");
    expect(h.target.connections).toBe(0);
  });

  it("fetches the address the test hook marks public", async () => {
    expect(await h.fetch({ url: publicSite.url("/") })).toMatchObject({
      statusCode: 200,
      content: "public page",
    });
  });

  it("refuses a redirect from an allowed host to a forbidden one; the forbidden server sees nothing", async () => {
    const to = encodeURIComponent(h.target.url("/"));
    const before = publicSite.requests.length;
    await expectFetchError(
      h.fetch({ url: publicSite.url(`/go?to=${to}`), allowRedirects: true }),
      "blocked_target",
      403,
    );
    expect(publicSite.requests.length).toBe(before + 1);
    expect(h.target.connections).toBe(0);
  });

  it("refuses a redirect to localhost and to the metadata address in the same way", async () => {
    for (const target of [`http://localhost:${h.target.port}/`, "http://169.254.169.254/latest/meta-data/"]) {
      await expectFetchError(
        h.fetch({
          url: publicSite.url(`/go?to=${encodeURIComponent(target)}`),
          allowRedirects: true,
          proxies: true,
        }),
        "blocked_target",
        403,
      );
    }
    expect(h.target.connections).toBe(0);
    // The allowed hop itself went through the trap (proxies: true); nothing else did.
    expect(trap.tunnels.every((authority) => authority === `127.0.0.1:${publicSite.port}`)).toBe(true);
  });

  it("without allowRedirects reports such a redirect as its 302 and does not follow it", async () => {
    const result = await h.fetch({ url: publicSite.url(`/go?to=${encodeURIComponent(h.target.url("/"))}`) });
    expect(result).toMatchObject({ statusCode: 302, headers: { location: h.target.url("/") } });
    expect(h.target.connections).toBe(0);
  });

  it("counts refused fetches as failed fetches", async () => {
    const usage = await h.fetchUsage();
    expect(usage?.count).toBeGreaterThan(usage?.succeeded ?? 0);
  });
});

describe("TLS", () => {
  let h: CloudHarness;
  let secure: LoopbackServer;

  beforeAll(async () => {
    secure = await startHttpsServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" }).end("secret garden");
    });
    h = await startCloudHarness();
  });

  afterAll(async () => {
    await h.close();
    await secure.close();
  });

  it("refuses the self-signed certificate with tls_error (502)", async () => {
    const error = await expectFetchError(h.fetch({ url: secure.url("/") }), "tls_error", 502);
    expect(error.message).toMatch(/allowInsecureSsl/);
  });

  it("fetches it with allowInsecureSsl", async () => {
    expect(await h.fetch({ url: secure.url("/"), allowInsecureSsl: true })).toMatchObject({
      statusCode: 200,
      content: "secret garden",
    });
  });

  it("fetches https://localhost with allowInsecureSsl too", async () => {
    expect(await h.fetch({ url: `https://localhost:${secure.port}/`, allowInsecureSsl: true })).toMatchObject(
      { statusCode: 200, content: "secret garden" },
    );
  });
});

describe("proxies", () => {
  let proxy: ConnectProxy;
  let without: CloudHarness;
  let withProxy: CloudHarness;

  beforeAll(async () => {
    proxy = await startConnectProxy();
    const routes = {
      "/via": (_req: unknown, res: ServerResponse) =>
        res.writeHead(200, { "content-type": "text/plain" }).end("through the proxy"),
    };
    [without, withProxy] = await Promise.all([
      startCloudHarness({ server: { proxyUrls: [] }, routes }),
      startCloudHarness({ server: { proxyUrls: [proxy.url()] }, routes }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([without.close(), withProxy.close()]);
    await proxy.close();
  });

  it("answers proxies: true with none configured as invalid_request (400)", async () => {
    const error = await expectFetchError(
      without.fetch({ url: without.target.url("/via"), proxies: true }),
      "invalid_request",
      400,
    );
    expect(error.message).toMatch(/LOUPE_PROXY_URLS/);
    expect(without.target.connections).toBe(0);
    expectErrorBody(
      await without.api("POST", "/v1/fetch", { body: { url: without.target.url("/via"), proxies: true } }),
      400,
      "invalid_request",
    );
  });

  it("routes proxies: true through the configured proxy", async () => {
    const result = await withProxy.fetch({ url: withProxy.target.url("/via"), proxies: true });
    expect(result).toMatchObject({ statusCode: 200, content: "through the proxy" });
    expect(proxy.tunnels).toEqual([`127.0.0.1:${withProxy.target.port}`]);
  });

  it("goes direct without proxies", async () => {
    await withProxy.fetch({ url: withProxy.target.url("/via") });
    expect(proxy.tunnels).toHaveLength(1);
    expect(withProxy.target.requests).toHaveLength(2);
  });
});

describe("request validation", () => {
  let h: CloudHarness;

  beforeAll(async () => {
    h = await startCloudHarness({
      routes: { "/page": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("page") },
    });
  });

  afterAll(async () => {
    await h.close();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const schema = { type: "object", properties: { title: { type: "string" } } };

  /** Bodies that break a rule, without the key (the SDK call adds it). */
  const BROKEN: [string, () => Record<string, unknown>][] = [
    ["json without schema", () => ({ url: h.target.url("/page"), format: "json" })],
    ["schema with raw", () => ({ url: h.target.url("/page"), format: "raw", schema })],
    ["schema with markdown", () => ({ url: h.target.url("/page"), format: "markdown", schema })],
    ["schema with the default format", () => ({ url: h.target.url("/page"), schema })],
    ["an ftp:// url", () => ({ url: "ftp://127.0.0.1/file.txt" })],
    ["a file:// url", () => ({ url: "file:///etc/passwd" })],
    ["a javascript: url", () => ({ url: "javascript:alert(1)" })],
    ["a relative url", () => ({ url: "/page" })],
    ["no url", () => ({})],
    ["a url that is a number", () => ({ url: 42 })],
    ["an unknown format", () => ({ url: h.target.url("/page"), format: "html" })],
    ["a schema that is a string", () => ({ url: h.target.url("/page"), format: "json", schema: "{}" })],
    ["a schema that is an array", () => ({ url: h.target.url("/page"), format: "json", schema: [] })],
    ["proxies as a string", () => ({ url: h.target.url("/page"), proxies: "yes" })],
    ["allowRedirects as a number", () => ({ url: h.target.url("/page"), allowRedirects: 1 })],
    ["allowInsecureSsl as null", () => ({ url: h.target.url("/page"), allowInsecureSsl: null })],
    ["an unknown field", () => ({ url: h.target.url("/page"), follow: true })],
  ];

  it.each(BROKEN)("the SDK refuses %s with FetchValidationError before any request", async (_name, body) => {
    const sent = vi.spyOn(globalThis, "fetch");
    const error = await cloud
      .fetch({ apiKey: h.apiKey, baseURL: h.server.url, ...body() } as unknown as Parameters<
        typeof cloud.fetch
      >[0])
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(FetchValidationError);
    expect((error as Error).message.length).toBeGreaterThan(10);
    expect(sent).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(h.target.connections).toBe(0);
    expect(await h.fetchUsage()).toBeUndefined();
  });

  it("the SDK refuses a missing or empty apiKey before any request", async () => {
    const sent = vi.spyOn(globalThis, "fetch");
    for (const apiKey of [undefined, "", "   "]) {
      await expect(
        cloud.fetch({ apiKey, url: h.target.url("/page"), baseURL: h.server.url } as unknown as Parameters<
          typeof cloud.fetch
        >[0]),
      ).rejects.toBeInstanceOf(FetchValidationError);
    }
    expect(sent).not.toHaveBeenCalled();
  });

  it.each(BROKEN)("the API refuses %s with 400 invalid_request", async (_name, body) => {
    const answer = await h.api("POST", "/v1/fetch", { body: body() });
    expectErrorBody(answer, 400, "invalid_request");
    expect(h.target.connections).toBe(0);
  });

  it("the API refuses bodies that are not a fetch request object with 400 invalid_request", async () => {
    const cases: { rawBody: string; contentType?: string; status: number }[] = [
      { rawBody: "not json", status: 400 },
      { rawBody: "", status: 400 },
      { rawBody: "[1, 2]", status: 400 },
      { rawBody: '"a string"', status: 400 },
      { rawBody: "null", status: 400 },
      { rawBody: JSON.stringify({ url: h.target.url("/page"), apiKey: "lp_in_the_body" }), status: 400 },
      { rawBody: JSON.stringify({ url: h.target.url("/page") }), contentType: "text/plain", status: 400 },
      // A body Fastify cannot parse at all: its own refusal, still with an API error body.
      { rawBody: "url=http://127.0.0.1/", contentType: "application/x-www-form-urlencoded", status: 415 },
    ];
    for (const { rawBody, contentType, status } of cases) {
      const answer = await h.api("POST", "/v1/fetch", { rawBody, ...(contentType ? { contentType } : {}) });
      expect({ rawBody, answer: answer.json }).toMatchObject({
        rawBody,
        answer: {
          statusCode: status,
          error: "invalid_request",
          message: expect.any(String),
          id: expect.any(String),
        },
      });
      expect(answer.status).toBe(status);
    }
    expect(h.target.connections).toBe(0);
    expect(await h.fetchUsage()).toBeUndefined();
  });

  it("the API refuses a schema it cannot read with 400 invalid_request, before fetching", async () => {
    const answer = await h.api("POST", "/v1/fetch", {
      body: { url: h.target.url("/page"), format: "json", schema: { type: "no-such-type" } },
    });
    expectErrorBody(answer, 400, "invalid_request");
    expect(h.target.connections).toBe(0);
  });

  it("a valid request after all of these reaches the target", async () => {
    expect(await h.fetch({ url: h.target.url("/page") })).toMatchObject({ content: "page" });
    expect(h.target.connections).toBe(1);
  });
});
