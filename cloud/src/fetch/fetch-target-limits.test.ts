import type { ServerResponse } from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchTarget } from "./fetch-target.js";
import type { FetchPolicy } from "./fetch-policy.js";
import {
  expectFetchError,
  startHttpServer,
  startTcpServer,
  testPolicy,
  type LoopbackServer,
} from "./loopback-servers.test.support.js";

const MB = 1024 * 1024;
// ~10 KB on the wire that inflates to 10 MB.
const SMALL_BOMB = zlib.gzipSync(Buffer.alloc(10 * MB));

let server: LoopbackServer;
/** Bytes each streaming route managed to write before the client hung up. */
const written: Record<string, number> = {};
const timers = new Set<NodeJS.Timeout>();

/** Writes `chunk` until `total` bytes or a closed connection, following backpressure. */
function stream(response: ServerResponse, name: string, chunk: Buffer, total: number): void {
  written[name] = 0;
  const pump = (): void => {
    while (written[name]! < total && !response.destroyed) {
      written[name]! += chunk.length;
      if (!response.write(chunk)) {
        response.once("drain", pump);
        return;
      }
    }
    response.end();
  };
  pump();
}

beforeAll(async () => {
  server = await startHttpServer((request, response) => {
    const path = request.url ?? "/";
    if (path === "/six-mb-announced") {
      response.writeHead(200, { "content-type": "text/plain", "content-length": String(6 * MB) });
      stream(response, path, Buffer.alloc(64 * 1024, 0x61), 6 * MB);
    } else if (path === "/six-mb-chunked") {
      response.writeHead(200, { "content-type": "text/plain" }); // no length: only counting can stop it
      stream(response, path, Buffer.alloc(64 * 1024, 0x61), 6 * MB);
    } else if (path === "/small-bomb") {
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(SMALL_BOMB);
    } else if (path === "/endless-bomb") {
      // 1 GB of zeros gzip-compressed on the fly: ~1 MB on the wire if the client read it all.
      response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      const gzip = zlib.createGzip();
      gzip.pipe(response);
      written[path] = 0;
      const zeros = Buffer.alloc(MB);
      const pump = (): void => {
        while (written[path]! < 1024 && !response.destroyed) {
          written[path]!++;
          if (!gzip.write(zeros)) {
            gzip.once("drain", pump);
            return;
          }
        }
        gzip.end();
      };
      response.on("close", () => gzip.destroy());
      pump();
    } else if (path === "/stall-after-headers") {
      response.writeHead(200, { "content-type": "text/plain" });
      response.write("first bytes, then silence");
    } else if (path === "/trickle") {
      // Never silent for long, never finished: only the overall timeout ends it.
      response.writeHead(200, { "content-type": "text/plain" });
      const timer = setInterval(() => response.write("."), 50);
      timers.add(timer);
      response.on("close", () => clearInterval(timer));
    } else {
      response.writeHead(404).end();
    }
  });
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  await server.close();
});

function fetchPath(path: string, policy: Partial<FetchPolicy> = {}) {
  return fetchTarget(
    { url: server.url(path), allowRedirects: false, allowInsecureSsl: false },
    testPolicy(policy),
  );
}

/** Runs `action` while sampling how far `arrayBuffers` (where Buffers live) grows above its start. */
async function peakBufferGrowth(action: () => Promise<void>): Promise<number> {
  const before = process.memoryUsage().arrayBuffers;
  let peak = 0;
  const sample = (): void => {
    peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
  };
  const sampler = setInterval(sample, 1);
  try {
    await action();
  } finally {
    clearInterval(sampler);
  }
  sample();
  return peak;
}

describe("fetchTarget body cap", () => {
  it("refuses a 6 MB body announced by Content-Length at once", async () => {
    const started = Date.now();
    const error = await expectFetchError(fetchPath("/six-mb-announced"), "response_too_large");
    expect(error.message).toMatch(/larger than the 5 MB limit/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("stops a 6 MB chunked body as it passes 5 MB", async () => {
    const started = Date.now();
    const error = await expectFetchError(fetchPath("/six-mb-chunked"), "response_too_large");
    expect(error.message).toMatch(/passed the limit on the wire/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("stops a 10 KB gzip body that inflates past 5 MB, with memory bounded", async () => {
    expect(SMALL_BOMB.length).toBeLessThan(20 * 1024);
    const peak = await peakBufferGrowth(async () => {
      const error = await expectFetchError(fetchPath("/small-bomb"), "response_too_large");
      expect(error.message).toMatch(/once decompressed/);
    });
    expect(peak).toBeLessThan(50 * MB);
  });

  it("stops an endless gzip stream early: the server never gets to write its gigabyte", async () => {
    const peak = await peakBufferGrowth(async () => {
      await expectFetchError(fetchPath("/endless-bomb"), "response_too_large");
    });
    expect(peak).toBeLessThan(50 * MB);
    // The client hung up after a little over 5 MB decoded; socket buffers let the server run ahead a bit.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written["/endless-bomb"]).toBeLessThan(200);
  });

  it("applies the cap of the policy, whatever it is", async () => {
    await expectFetchError(
      fetchTarget(
        { url: server.url("/small-bomb"), allowRedirects: false, allowInsecureSsl: false },
        testPolicy({ maxBodyBytes: 5000 }),
      ),
      "response_too_large",
    );
  });
});

describe("fetchTarget timeouts", () => {
  it("gives up on a target that sends headers and then nothing (idle timeout)", async () => {
    const started = Date.now();
    const error = await expectFetchError(
      fetchPath("/stall-after-headers", { idleTimeoutMs: 300 }),
      "target_timeout",
    );
    expect(error.message).toMatch(/went silent for 0.3 s/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("gives up on a target that accepts the connection but never answers (idle timeout)", async () => {
    const silent = await startTcpServer(() => undefined);
    try {
      const started = Date.now();
      await expectFetchError(
        fetchTarget(
          { url: silent.url("/"), allowRedirects: false, allowInsecureSsl: false },
          testPolicy({ idleTimeoutMs: 300 }),
        ),
        "target_timeout",
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect(silent.connections).toBe(1);
    } finally {
      await silent.close();
    }
  });

  it("gives up on a TLS handshake that never completes (connect timeout)", async () => {
    // A TCP server that never speaks: the TLS client hello goes unanswered.
    const silent = await startTcpServer(() => undefined);
    try {
      const started = Date.now();
      const error = await expectFetchError(
        fetchTarget(
          { url: `https://127.0.0.1:${silent.port}/`, allowRedirects: false, allowInsecureSsl: false },
          testPolicy({ connectTimeoutMs: 300 }),
        ),
        "target_timeout",
      );
      expect(error.message).toMatch(/could not be connected to within 0.3 s/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await silent.close();
    }
  });

  it("ends a target that keeps trickling at the overall timeout", async () => {
    const started = Date.now();
    const error = await expectFetchError(
      fetchPath("/trickle", { totalTimeoutMs: 700, idleTimeoutMs: 5000 }),
      "target_timeout",
    );
    expect(error.message).toMatch(/within 0.7 s/);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(650);
    expect(elapsed).toBeLessThan(3000);
  });

  it("counts a resolver that never answers against the overall timeout", async () => {
    const policy = testPolicy({
      totalTimeoutMs: 300,
      lookupHost: () => new Promise<string[]>(() => undefined),
    });
    await expectFetchError(
      fetchTarget({ url: "http://slow-dns.test/", allowRedirects: false, allowInsecureSsl: false }, policy),
      "target_timeout",
    );
  });

  it("stops at once when the caller aborts mid-body, with the caller's reason", async () => {
    const controller = new AbortController();
    const reason = new Error("the API client disconnected");
    setTimeout(() => controller.abort(reason), 100);
    const started = Date.now();
    await expect(
      fetchTarget(
        {
          url: server.url("/stall-after-headers"),
          allowRedirects: false,
          allowInsecureSsl: false,
          signal: controller.signal,
        },
        testPolicy({ idleTimeoutMs: 5000 }),
      ),
    ).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
