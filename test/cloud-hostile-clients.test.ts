/**
 * Loupe Cloud against clients that break the rules: request targets new URL() cannot read, broken
 * percent-encoding in a connect URL, upgrades reset before their answer, headers or bodies that trickle
 * in or overflow. Each gets a 4xx (or its connection closed) and the server keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCloudHarness, type CloudHarness } from "./support/cloud-harness.js";
import { rawExchange, upgradeRequest } from "./support/raw-http.js";

describe("Loupe Cloud and hostile clients", () => {
  let h: CloudHarness;
  let host: string;
  const healthy = async (): Promise<void> => {
    expect((await fetch(`${h.server.url}/healthz`)).status).toBe(200);
  };

  beforeAll(async () => {
    // Short timeouts, so a test can wait them out; the sizes stay the defaults.
    h = await startCloudHarness({
      server: { httpLimits: { headersTimeoutMs: 500, requestTimeoutMs: 1_000 } },
    });
    host = `127.0.0.1:${h.server.port}`;
  });
  afterAll(async () => {
    await h?.close();
  });

  it("answers an upgrade whose target new URL() or decodeURIComponent() would throw on with 400", async () => {
    for (const path of ["/v1/sessions/%ff/connect", "/v1/sessions/%/connect", "*"]) {
      const answer = await rawExchange(h.server.port, [upgradeRequest(path, host)], { untilHead: false });
      expect(answer.status, path).toBe(400);
      expect(answer.response, path).toContain('"error":"invalid_request"');
    }
    await healthy();
  });

  it("answers an upgrade to a connect URL that is no WebSocket handshake with 400", async () => {
    for (const extra of [["Sec-WebSocket-Version: 8"], ["Upgrade: h2c"]]) {
      const request = upgradeRequest("/v1/sessions/abc/connect", host, extra);
      const answer = await rawExchange(h.server.port, [request], { untilHead: false });
      expect(answer.status, extra[0]).toBe(400);
      expect(answer.response).toContain("WebSocket handshake");
    }
  });

  it("answers an upgrade on any other route with 404", async () => {
    const paths = [
      "/healthz",
      "/v1/fetch",
      "/v1/sessions/abc",
      "/nope",
      "//",
      "//evil.test/v1/sessions/x/connect",
    ];
    for (const path of paths) {
      const answer = await rawExchange(h.server.port, [upgradeRequest(path, host)], { untilHead: false });
      expect(answer.status, path).toBe(404);
    }
    await healthy();
  });

  it("keeps serving when clients reset their upgrades before the answer", async () => {
    const withKey = [`Authorization: Bearer ${h.apiKey}`];
    const resets = [];
    for (let i = 0; i < 60; i++) {
      const request =
        i % 3 === 0
          ? upgradeRequest("/nope", host)
          : upgradeRequest(`/v1/sessions/s${i}/connect`, host, i % 3 === 1 ? withKey : []);
      resets.push(rawExchange(h.server.port, [request], { reset: true }));
    }
    await Promise.all(resets);
    await healthy();
  });

  it("answers GET with broken percent-encoding with 400", async () => {
    for (const path of ["/%ff", "/v1/sessions/%ff", "/v1/sessions/%"]) {
      const answer = await rawExchange(h.server.port, [`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`]);
      expect(answer.status, path).toBe(400);
    }
    await healthy();
  });

  it("cuts off a client that trickles its headers with 408", async () => {
    const trickle = Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: y\r\n`);
    const answer = await rawExchange(
      h.server.port,
      [`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n`, ...trickle],
      {
        chunkDelayMs: 200,
        timeoutMs: 15_000,
      },
    );
    expect(answer.ended).not.toBe("waited");
    expect(answer.status).toBe(408);
    await healthy();
  });

  it("cuts off a client whose body never arrives in full with 408", async () => {
    const head = [
      "POST /v1/fetch HTTP/1.1",
      `Host: ${host}`,
      `Authorization: Bearer ${h.apiKey}`,
      "Content-Type: application/json",
      "Content-Length: 100",
      "",
      "",
    ].join("\r\n");
    const answer = await rawExchange(h.server.port, [head, '{"url":'], { timeoutMs: 15_000 });
    expect(answer.ended).not.toBe("waited");
    expect(answer.status).toBe(408);
    await healthy();
  });

  it("closes a refused upgrade's socket, so a client that keeps it open cannot hold the server", async () => {
    // Its own server: the test is that this one still closes.
    const other = await startCloudHarness();
    const otherHost = `127.0.0.1:${other.server.port}`;
    for (const path of ["/nope", "*", "/v1/sessions/%ff/connect", "/v1/sessions/abc/connect"])
      await rawExchange(
        other.server.port,
        [upgradeRequest(path, otherHost), Buffer.from([0x81, 0x80, 1, 2, 3, 4])],
        {
          untilHead: false,
          chunkDelayMs: 20,
        },
      );
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<string>(
      (resolve) => (timer = setTimeout(() => resolve("still closing"), 15_000)),
    );
    await expect(Promise.race([other.close().then(() => "closed"), stuck])).resolves.toBe("closed");
    clearTimeout(timer);
  });

  it("answers headers over 16 KiB with 431", async () => {
    const answer = await rawExchange(h.server.port, [
      `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${"a".repeat(20 * 1024)}\r\n\r\n`,
    ]);
    expect(answer.status).toBe(431);
    await healthy();
  });
});
