/**
 * Loupe Cloud end to end, limits: the 5 MB body cap (compressed or not), the target timeouts and the
 * per-project concurrency limit, through a real server and real loopback targets.
 */
import { gzipSync } from "node:zlib";
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectErrorBody,
  expectFetchError,
  startCloudHarness,
  type CloudHarness,
} from "./support/cloud-harness.js";

const MB = 1024 * 1024;

/** `promise`, or a clear failure after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe("body cap (5 MB)", () => {
  let h: CloudHarness;
  // 6 MB of zeros gzipped is about 6 KB on the wire.
  const BOMB = gzipSync(Buffer.alloc(6 * MB));

  beforeAll(async () => {
    h = await startCloudHarness({
      routes: {
        "/six-mb": (_req, res) => {
          res.writeHead(200, { "content-type": "text/plain" });
          const chunk = Buffer.alloc(64 * 1024, "a");
          let sent = 0;
          const pump = (): void => {
            while (sent < 6 * MB) {
              sent += chunk.length;
              if (!res.write(chunk)) return void res.once("drain", pump);
            }
            res.end();
          };
          res.on("error", () => undefined);
          pump();
        },
        "/six-mb-announced": (_req, res) => {
          res.writeHead(200, { "content-type": "text/plain", "content-length": String(6 * MB) });
          res.on("error", () => undefined);
          res.end(Buffer.alloc(6 * MB, "b"));
        },
        "/bomb": (_req, res) => {
          res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" }).end(BOMB);
        },
        "/small-gzip": (_req, res) => {
          res
            .writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" })
            .end(gzipSync(Buffer.from("small and fine")));
        },
        "/almost-five": (_req, res) => {
          res.writeHead(200, { "content-type": "text/plain" }).end(Buffer.alloc(5 * MB - 1024, "c"));
        },
      },
    });
  });

  afterAll(async () => {
    await h.close();
  });

  it("refuses a 6 MB streamed body with response_too_large (413)", async () => {
    expect(BOMB.length).toBeLessThan(20 * 1024);
    const error = await expectFetchError(
      h.fetch({ url: h.target.url("/six-mb") }),
      "response_too_large",
      413,
    );
    expect(error.message).toMatch(/5 MB/);
  });

  it("refuses a 6 MB body announced by Content-Length with response_too_large (413)", async () => {
    await expectFetchError(h.fetch({ url: h.target.url("/six-mb-announced") }), "response_too_large", 413);
  });

  it("refuses a small gzip body that inflates past 5 MB with response_too_large (413)", async () => {
    const error = await expectFetchError(h.fetch({ url: h.target.url("/bomb") }), "response_too_large", 413);
    expect(error.message).toMatch(/decompressed/);
  });

  it("answers raw HTTP with the JSON error body", async () => {
    const answer = await h.api("POST", "/v1/fetch", { body: { url: h.target.url("/bomb") } });
    expectErrorBody(answer, 413, "response_too_large");
  });

  it("still returns a small gzip body decoded, and a body just under the cap", async () => {
    expect(await h.fetch({ url: h.target.url("/small-gzip") })).toMatchObject({
      content: "small and fine",
      headers: { "content-encoding": "gzip" },
    });
    const result = await h.fetch({ url: h.target.url("/almost-five") });
    expect((result.content as string).length).toBe(5 * MB - 1024);
  });
});

describe("target timeouts", () => {
  let h: CloudHarness;
  const stalled = new Set<ServerResponse>();

  beforeAll(async () => {
    h = await startCloudHarness({
      server: { fetchPolicy: { idleTimeoutMs: 300, connectTimeoutMs: 300, totalTimeoutMs: 1500 } },
      routes: {
        // Accepts, reads the request, never answers.
        "/silent": (_req, res) => void stalled.add(res),
        // Headers and a first chunk, then nothing.
        "/stall-after-headers": (_req, res) => {
          stalled.add(res);
          res.writeHead(200, { "content-type": "text/plain" });
          res.write("first bytes, then silence");
        },
        // Never silent for long, never finished: only the total timeout ends it.
        "/trickle": (_req, res) => {
          res.writeHead(200, { "content-type": "text/plain" });
          const timer = setInterval(() => res.write("."), 50);
          res.on("close", () => clearInterval(timer));
        },
      },
    });
  });

  afterAll(async () => {
    for (const res of stalled) res.destroy();
    await h.close();
  });

  it.each(["/silent", "/stall-after-headers", "/trickle"])(
    "answers a target that stalls (%s) with target_timeout (504), quickly",
    async (path) => {
      const started = Date.now();
      await expectFetchError(h.fetch({ url: h.target.url(path) }), "target_timeout", 504);
      expect(Date.now() - started).toBeLessThan(5000);
    },
  );

  it("counts a timed-out fetch as a failed fetch", async () => {
    const usage = await h.fetchUsage();
    expect(usage).toMatchObject({ count: 3, succeeded: 0 });
  });
});

describe("concurrency limit per project", () => {
  let h: CloudHarness;
  const held: ServerResponse[] = [];
  let arrived: () => void = () => undefined;

  beforeAll(async () => {
    h = await startCloudHarness({
      server: { maxConcurrentFetches: 2 },
      routes: {
        "/slow": (_req, res) => {
          held.push(res);
          arrived();
        },
        "/fast": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("fast"),
      },
    });
  });

  afterAll(async () => {
    for (const res of held) res.destroy();
    await h.close();
  });

  /** Resolves once the target holds `count` slow requests. */
  function slowRequestsHeld(count: number): Promise<void> {
    return new Promise((resolve) => {
      arrived = () => {
        if (held.length >= count) resolve();
      };
      arrived();
    });
  }

  it("refuses a third fetch while two are in flight with rate_limited (429), then accepts again", async () => {
    const first = h.fetch({ url: h.target.url("/slow") });
    const second = h.fetch({ url: h.target.url("/slow") });
    await within(slowRequestsHeld(2), 5000, "two slow requests at the target");

    const third = await expectFetchError(h.fetch({ url: h.target.url("/fast") }), "rate_limited", 429);
    expect(third.message).toMatch(/2 fetches in flight/);
    expectErrorBody(
      await h.api("POST", "/v1/fetch", { body: { url: h.target.url("/fast") } }),
      429,
      "rate_limited",
    );
    expect(h.target.hits("/fast")).toBe(0);

    // Another project has its own allowance.
    const other = (await h.server.keys.createKey("other-project")).key;
    expect(await h.fetch({ apiKey: other, url: h.target.url("/fast") })).toMatchObject({ content: "fast" });

    for (const res of held.splice(0)) res.writeHead(200, { "content-type": "text/plain" }).end("slow done");
    expect(await first).toMatchObject({ statusCode: 200, content: "slow done" });
    expect(await second).toMatchObject({ statusCode: 200, content: "slow done" });

    expect(await h.fetch({ url: h.target.url("/fast") })).toMatchObject({ content: "fast" });
  });

  it("frees the slot of a fetch that failed", async () => {
    h.target.route("/boom", (req) => req.socket.destroy());
    for (let i = 0; i < 3; i++) {
      await expectFetchError(h.fetch({ url: h.target.url("/boom") }), "target_unreachable", 502);
    }
    expect(await h.fetch({ url: h.target.url("/fast") })).toMatchObject({ content: "fast" });
  });
});

describe("a caller that hangs up", () => {
  let h: CloudHarness;
  let targetClosed: Promise<void>;
  let arrived: Promise<void>;

  beforeAll(async () => {
    let markArrived: () => void = () => undefined;
    let markClosed: () => void = () => undefined;
    arrived = new Promise((resolve) => (markArrived = resolve));
    targetClosed = new Promise((resolve) => (markClosed = resolve));
    h = await startCloudHarness({
      server: { maxConcurrentFetches: 1 },
      routes: {
        "/endless": (_req, res) => {
          res.writeHead(200, { "content-type": "text/plain" });
          res.write("start");
          const timer = setInterval(() => res.write("."), 20);
          res.on("close", () => {
            clearInterval(timer);
            markClosed();
          });
          markArrived();
        },
        "/fast": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("fast"),
      },
    });
  });

  afterAll(async () => {
    await h.close();
  });

  it("stops the target download and frees the project's slot", async () => {
    const controller = new AbortController();
    const call = globalThis.fetch(`${h.server.url}/v1/fetch`, {
      method: "POST",
      headers: { authorization: `Bearer ${h.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ url: h.target.url("/endless") }),
      signal: controller.signal,
    });
    await arrived;
    controller.abort();
    await expect(call).rejects.toThrow();
    // The server cuts the target off long before any timeout (the default policy's are 15 s and 60 s).
    await within(targetClosed, 5000, "the target's connection to close");
    await expect
      .poll(() => h.fetch({ url: h.target.url("/fast") }).then((r) => r.content), { timeout: 3000 })
      .toBe("fast");
  });
});
