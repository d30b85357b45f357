/**
 * Loupe Cloud hosted sessions: how long from `POST /v1/sessions` to the first page loaded through the
 * session's connectUrl, server-side extract latency on a cache MISS vs a HIT, and how many sessions one
 * server holds at once within a memory budget (server plus browsers, per session).
 *
 * The model is the scripted loopback model server, which answers at once: MISS here is the engine's
 * own cost (snapshot, prompt, one model round trip on loopback, the cache write); a real model adds its
 * seconds on top, which a HIT saves entirely.
 */
import { createServer } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { freemem, tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { chromium } from "playwright-core";
import { startCloudServer, type CloudServer } from "@loupe/cloud";
import { startModelServer } from "../../test/support/model-server.js";
import type { BenchSection } from "../bench-section.js";
import { markdownTable } from "../markdown-table.js";
import { median, ratio } from "../stats.js";
import { withTimeout } from "../with-timeout.js";
import { memoryOf, processTree } from "./process-memory.js";

/** Sessions held at once at most, and the memory they may take together. */
const MAX_SESSIONS = 24;
const MEMORY_BUDGET_SHARE = 0.5;
const STEP_MS = 60_000;

interface Api {
  call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
}

export const sessionsSection: BenchSection = {
  name: "sessions",
  title: "Loupe Cloud hosted sessions: create-to-first-goto, extract MISS vs HIT, sessions per server",
  async run(options) {
    let version = 0;
    const target = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<title>Bench</title><h1>Product ${version}</h1>` + "<p>Some text of the page.</p>".repeat(50));
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const pageUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
    const model = await startModelServer();
    const dataDir = await mkdtemp(join(tmpdir(), "loupe-bench-sessions-"));
    const server = await startCloudServer({
      port: 0,
      dataDir,
      log: false,
      allowPrivateNetwork: true,
      maxSessionsPerProject: MAX_SESSIONS,
      model: { modelName: "openai/bench", baseURL: model.baseURL, apiKey: "bench" },
    });
    const { key } = server.keys.createKey("bench");
    const api = apiOf(server, key);
    try {
      const goto = await createToFirstGoto(api, key, pageUrl, options.runs);
      const extract = await extractLatency(api, key, pageUrl, options.runs, model.enqueue, () => version++);
      const capacity = await sessionsAtOnce(api, key, server, pageUrl);

      console.log(
        markdownTable(
          ["measure", "median", "runs"],
          [
            ["create → connectOverCDP → first goto", ms(median(goto)), String(goto.length)],
            ["server extract, cache MISS", ms(median(extract.miss)), String(extract.miss.length)],
            ["server extract, cache HIT", ms(median(extract.hit)), String(extract.hit.length)],
          ],
        ),
      );
      const speedup = ratio(median(extract.miss), median(extract.hit));
      console.log(
        `\nHIT is ${speedup === undefined ? "?" : speedup.toFixed(1)}× faster than MISS (scripted model).`,
      );
      console.log(
        `\n${capacity.sessions} sessions held at once (stopped at ${capacity.stoppedBy}); ` +
          `server + browsers: ${mb(capacity.totalBytes)}, ${mb(capacity.perSessionBytes)} per session ` +
          `(PSS). At that rate this machine's ${mb(capacity.freeBytes)} of free memory holds about ` +
          `${capacity.perSessionBytes ? Math.floor(capacity.freeBytes / capacity.perSessionBytes) : "?"} sessions.`,
      );
    } finally {
      await server.close();
      await Promise.all([model.close(), new Promise((resolve) => target.close(resolve))]);
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

function apiOf(server: CloudServer, key: string): Api {
  return {
    async call(method, path, body) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    },
  };
}

/** The time a caller waits from asking for a session to having its first page loaded. */
async function createToFirstGoto(api: Api, key: string, pageUrl: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const session = await api.call("POST", "/v1/sessions", {});
    const browser = await chromium.connectOverCDP(String(session["connectUrl"]), {
      headers: { authorization: `Bearer ${key}` },
    });
    await withTimeout(browser.contexts()[0]!.pages()[0]!.goto(pageUrl), STEP_MS, "first goto");
    const elapsed = performance.now() - started;
    if (run > 0) times.push(elapsed); // The first run warms the disk cache and the JIT.
    await browser.close();
    await api.call("DELETE", `/v1/sessions/${String(session["id"])}`);
  }
  return times;
}

/** The same extract twice on each of several page versions: the first is a MISS, the second a HIT. */
async function extractLatency(
  api: Api,
  key: string,
  pageUrl: string,
  runs: number,
  enqueue: (reply: { json: unknown }) => void,
  nextVersion: () => void,
): Promise<{ miss: number[]; hit: number[] }> {
  const session = await api.call("POST", "/v1/sessions", {});
  const browser = await chromium.connectOverCDP(String(session["connectUrl"]), {
    headers: { authorization: `Bearer ${key}` },
  });
  const page = browser.contexts()[0]!.pages()[0]!;
  const path = `/v1/sessions/${String(session["id"])}/extract`;
  const body = {
    instruction: "the product's name",
    schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  };
  const miss: number[] = [];
  const hit: number[] = [];
  try {
    for (let run = 0; run <= runs; run++) {
      nextVersion();
      await page.goto(pageUrl);
      enqueue({ json: { name: "Product" } });
      for (const [list, expected] of [
        [miss, "MISS"],
        [hit, "HIT"],
      ] as const) {
        const started = performance.now();
        const answer = await api.call("POST", path, body);
        const elapsed = performance.now() - started;
        if (answer["cacheStatus"] !== expected)
          throw new Error(`expected ${expected}, got ${JSON.stringify(answer["cacheStatus"])}`);
        if (run > 0) list.push(elapsed);
      }
    }
  } finally {
    await browser.close();
    await api.call("DELETE", `/v1/sessions/${String(session["id"])}`);
  }
  return { miss, hit };
}

/** Opens sessions, each with a loaded page, until MAX_SESSIONS or the memory budget. */
async function sessionsAtOnce(
  api: Api,
  key: string,
  server: CloudServer,
  pageUrl: string,
): Promise<{
  sessions: number;
  stoppedBy: string;
  totalBytes: number;
  perSessionBytes: number;
  freeBytes: number;
}> {
  const freeBytes = freemem();
  const budget = freeBytes * MEMORY_BUDGET_SHARE;
  const baseline = memoryOf([process.pid]) ?? 0;
  const ids: string[] = [];
  let totalBytes = baseline;
  let stoppedBy = `the limit of ${MAX_SESSIONS}`;
  try {
    while (ids.length < MAX_SESSIONS) {
      const session = await api.call("POST", "/v1/sessions", {});
      ids.push(String(session["id"]));
      const browser = await chromium.connectOverCDP(String(session["connectUrl"]), {
        headers: { authorization: `Bearer ${key}` },
      });
      await withTimeout(browser.contexts()[0]!.pages()[0]!.goto(pageUrl), STEP_MS, "goto");
      // Disconnecting Playwright leaves the session and its page running on the server.
      await browser.close();
      const pids = ids.flatMap((id) =>
        processTree(server.sessions.browserPid(id) ?? -1).filter((p) => p > 0),
      );
      totalBytes = memoryOf([process.pid, ...pids]) ?? 0;
      if (totalBytes > budget) {
        stoppedBy = `the memory budget of ${mb(budget)}`;
        break;
      }
    }
  } finally {
    await Promise.all(ids.map((id) => api.call("DELETE", `/v1/sessions/${id}`).catch(() => {})));
  }
  return {
    sessions: ids.length,
    stoppedBy,
    totalBytes,
    perSessionBytes: ids.length ? (totalBytes - baseline) / ids.length : 0,
    freeBytes,
  };
}

function ms(value: number | undefined): string {
  return value === undefined ? "–" : `${value.toFixed(0)} ms`;
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}
