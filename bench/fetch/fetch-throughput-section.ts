/**
 * `/v1/fetch` raw throughput and latency on loopback, against a plain undici request to the same target
 * in the same run: what the service's hop (HTTP parsing, auth, the SSRF check, the usage write, the JSON
 * answer) costs on top of fetching the page directly.
 */
import { createServer } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import { startCloudServer } from "@loupe/cloud";
import type { BenchSection } from "../bench-section.js";
import { markdownTable } from "../markdown-table.js";

/** Requests per client, after a warm-up; enough for a stable p99 without taking minutes. */
const REQUESTS = 2_000;
const WARM_UP = 200;
const CONCURRENCY = 16;
const BODY = "<!doctype html><title>t</title>" + "<p>Loupe fetch benchmark body.</p>".repeat(300);
/** The target: the service's overhead at most 1.3× a direct request. */
const TARGET_OVERHEAD = 1.3;
const TARGET_DELAY_MS = 50;

interface Measurement {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

export const fetchThroughputSection: BenchSection = {
  name: "fetch",
  title: "Loupe Cloud /v1/fetch (raw) throughput and latency vs a plain undici request",
  async run() {
    // "/" answers at once (the service's own cost laid bare); "/slow" after 50 ms, a typical internet round trip.
    const target = createServer((req, res) => {
      const answer = () => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(BODY);
      if (req.url === "/slow") setTimeout(answer, TARGET_DELAY_MS);
      else answer();
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
    const dataDir = await mkdtemp(join(tmpdir(), "loupe-bench-fetch-"));
    const server = await startCloudServer({
      port: 0,
      dataDir,
      allowPrivateNetwork: true,
      log: false,
      maxConcurrentFetches: CONCURRENCY,
    });
    const { key } = await server.keys.createKey("bench");
    const agent = new Agent({ connections: CONCURRENCY });
    try {
      const results: Measurement[] = [];
      const summaries: string[] = [];
      for (const [path, what] of [
        ["", "a target that answers at once"],
        ["slow", `a target that answers after ${TARGET_DELAY_MS} ms`],
      ] as const) {
        const url = targetUrl + path;
        const direct = () => request(url, { dispatcher: agent }).then((r) => r.body.text());
        const viaCloud = () =>
          request(`${server.url}/v1/fetch`, {
            method: "POST",
            dispatcher: agent,
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
            body: JSON.stringify({ url }),
          }).then(async (r) => {
            const text = await r.body.text();
            if (r.statusCode !== 200)
              throw new Error(`/v1/fetch answered ${r.statusCode}: ${text.slice(0, 200)}`);
          });
        // Interleaved twice so neither client always runs on the warmer (or the busier) machine.
        const rounds: Measurement[] = [];
        for (const round of [1, 2]) {
          rounds.push(await measure(`plain undici → ${what} (round ${round})`, direct));
          rounds.push(await measure(`/v1/fetch → ${what} (round ${round})`, viaCloud));
        }
        results.push(...rounds);
        const directBest = pickLeastDisturbed(rounds.filter((r) => r.label.startsWith("plain")));
        const cloudBest = pickLeastDisturbed(rounds.filter((r) => r.label.startsWith("/v1")));
        const latency = cloudBest.p50 / directBest.p50;
        const throughput = directBest.requestsPerSecond / cloudBest.requestsPerSecond;
        summaries.push(
          `- **${latency <= TARGET_OVERHEAD && throughput <= TARGET_OVERHEAD ? "MET" : "MISSED"}** overhead ≤ ${TARGET_OVERHEAD}× ` +
            `with ${what}: p50 ${latency.toFixed(2)}×, p99 ${(cloudBest.p99 / directBest.p99).toFixed(2)}×, throughput ${throughput.toFixed(2)}× lower`,
        );
      }
      console.log(
        markdownTable(
          ["client", "req/s", "p50 ms", "p99 ms"],
          results.map((r) => [r.label, r.requestsPerSecond.toFixed(0), r.p50.toFixed(2), r.p99.toFixed(2)]),
        ),
      );
      console.log(
        `\n${REQUESTS} requests per round, ${CONCURRENCY} at a time, a ${BODY.length}-byte HTML body, keep-alive everywhere.\n` +
          summaries.join("\n"),
      );
    } finally {
      await agent.close();
      await server.close();
      await new Promise((resolve) => target.close(resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

/** Runs `WARM_UP` then `REQUESTS` calls, `CONCURRENCY` at a time, timing each. */
async function measure(label: string, call: () => Promise<unknown>): Promise<Measurement> {
  await runMany(WARM_UP, call, []);
  const latencies: number[] = [];
  const started = performance.now();
  await runMany(REQUESTS, call, latencies);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    label,
    requestsPerSecond: REQUESTS / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)]!,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
  };
}

async function runMany(count: number, call: () => Promise<unknown>, latencies: number[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const t = performance.now();
      await call();
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Of two rounds, the one with the lower p50: the less disturbed by other work on a shared machine. */
function pickLeastDisturbed(rounds: Measurement[]): Measurement {
  return rounds.reduce((a, b) => (b.p50 < a.p50 ? b : a));
}
