/**
 * Loupe Cloud hosted sessions: how long from `POST /v1/sessions` to the first page loaded through the
 * session's connectUrl, server-side extract latency on a cache MISS vs a HIT, and how many sessions one
 * server holds at once within a memory budget (server plus browsers, per session).
 *
 * The egress policy's cost: the same create-to-first-goto and the same page loads (a page with many
 * subresources, over plain http and over CONNECT) on a server that sends every request of its browsers
 * through the egress proxy (no `allowPrivateNetwork`, the target vouched for as public by the test hook)
 * and on one whose browsers connect directly (`allowPrivateNetwork`), in the same run, alternating.
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
import { WebSocketServer } from "ws";
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
    const target = createServer((req, res) => {
      if (req.url?.startsWith("/asset/")) {
        res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "no-store" });
        res.end(ASSET);
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      if (req.url === "/heavy") res.end(heavyPage());
      else
        res.end(
          `<title>Bench</title><h1>Product ${version}</h1>` + "<p>Some text of the page.</p>".repeat(50),
        );
    });
    const echo = new WebSocketServer({ server: target, path: "/socket" });
    echo.on("connection", (socket) => socket.on("message", (data) => socket.send(data)));
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const targetPort = (target.address() as AddressInfo).port;
    const pageUrl = `http://127.0.0.1:${targetPort}/`;
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
    const { key } = await server.keys.createKey("bench");
    const api = apiOf(server, key);
    // The same server with the egress policy on: the target counts as the public internet.
    const guardedDir = await mkdtemp(join(tmpdir(), "loupe-bench-sessions-egress-"));
    const guarded = await startCloudServer({
      port: 0,
      dataDir: guardedDir,
      log: false,
      allowPrivateNetwork: false,
      fetchPolicy: { isPublicAddress: (_address, port) => port === targetPort },
      maxSessionsPerProject: MAX_SESSIONS,
    });
    const guardedKey = (await guarded.keys.createKey("bench")).key;
    const guardedApi = apiOf(guarded, guardedKey);
    try {
      const egress = await egressCost(
        { direct: { api, key }, proxied: { api: guardedApi, key: guardedKey } },
        pageUrl,
        options.runs,
      );
      const goto = egress.direct.goto;
      const extract = await extractLatency(api, key, pageUrl, options.runs, model.enqueue, () => version++);
      const capacity = await sessionsAtOnce(api, key, server, pageUrl);

      console.log(
        markdownTable(
          ["measure", "median", "runs"],
          [
            ["create → connectOverCDP → first goto (direct)", ms(median(goto)), String(goto.length)],
            ["server extract, cache MISS", ms(median(extract.miss)), String(extract.miss.length)],
            ["server extract, cache HIT", ms(median(extract.hit)), String(extract.hit.length)],
          ],
        ),
      );
      console.log("\nThe egress policy's cost (same run, alternating; direct = allowPrivateNetwork):\n");
      console.log(
        markdownTable(
          ["measure", "direct", "through the egress proxy", "ratio", "runs"],
          [
            egressRow("create → connectOverCDP → first goto", egress.direct.goto, egress.proxied.goto),
            egressRow(`page load, ${ASSETS} subresources, http`, egress.direct.load, egress.proxied.load),
            egressRow("WebSocket open + echo (CONNECT)", egress.direct.socket, egress.proxied.socket),
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
      await Promise.all([server.close(), guarded.close()]);
      for (const client of echo.clients) client.terminate();
      await Promise.all([model.close(), new Promise((resolve) => target.close(resolve))]);
      await Promise.all([dataDir, guardedDir].map((dir) => rm(dir, { recursive: true, force: true })));
    }
  },
};

/** Subresources of the heavy page, each its own request. */
const ASSETS = 30;
const ASSET = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>`;

function heavyPage(): string {
  const images = Array.from({ length: ASSETS }, (_, i) => `<img src="/asset/${i}.svg?${Math.random()}">`);
  return `<title>Heavy</title><h1>Many requests</h1>${images.join("")}`;
}

interface ModeTimes {
  goto: number[];
  load: number[];
  socket: number[];
}

/**
 * For each run, on each server in turn: create a session and time create-to-first-goto, then time a
 * page load with many subresources and a WebSocket round trip (the target answers the upgrade itself).
 */
async function egressCost(
  servers: Record<"direct" | "proxied", { api: Api; key: string }>,
  pageUrl: string,
  runs: number,
): Promise<Record<"direct" | "proxied", ModeTimes>> {
  const times: Record<"direct" | "proxied", ModeTimes> = {
    direct: { goto: [], load: [], socket: [] },
    proxied: { goto: [], load: [], socket: [] },
  };
  for (let run = 0; run <= runs; run++) {
    for (const mode of ["direct", "proxied"] as const) {
      const { api, key } = servers[mode];
      const started = performance.now();
      const session = await api.call("POST", "/v1/sessions", {});
      const browser = await chromium.connectOverCDP(String(session["connectUrl"]), {
        headers: { authorization: `Bearer ${key}` },
      });
      try {
        const page = browser.contexts()[0]!.pages()[0]!;
        await withTimeout(page.goto(pageUrl), STEP_MS, "first goto");
        const goto = performance.now() - started;
        const loadStarted = performance.now();
        await withTimeout(page.goto(`${pageUrl}heavy`, { waitUntil: "load" }), STEP_MS, "heavy page");
        const load = performance.now() - loadStarted;
        const socket = await page.evaluate(
          (url) =>
            new Promise<number>((resolve, reject) => {
              const opened = performance.now();
              const ws = new WebSocket(url);
              ws.onopen = () => ws.send("x");
              ws.onmessage = () => resolve(performance.now() - opened);
              ws.onerror = () => reject(new Error("websocket failed"));
            }),
          `${pageUrl.replace(/^http/, "ws")}socket`,
        );
        // The first run warms the disk cache and the JIT.
        if (run > 0) {
          times[mode].goto.push(goto);
          times[mode].load.push(load);
          times[mode].socket.push(socket);
        }
      } finally {
        await browser.close();
        await api.call("DELETE", `/v1/sessions/${String(session["id"])}`);
      }
    }
  }
  return times;
}

function egressRow(name: string, direct: number[], proxied: number[]): string[] {
  const factor = ratio(median(proxied), median(direct));
  return [
    name,
    ms(median(direct)),
    ms(median(proxied)),
    factor === undefined ? "–" : `${factor.toFixed(2)}×`,
    String(direct.length),
  ];
}

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
