/**
 * A bounded fuzz of Loupe's servers, each run as the user runs it (`loupe cloud serve`, `loupe studio
 * --web`) in a child process of its own, so a crash shows as an exit: a few thousand hostile exchanges
 * each (see support/fuzz-requests.ts), slow clients trickling headers and bodies all along, and a
 * monitor checking all the while that the process still runs and still answers. Loopback only.
 *
 * It fails on a process that exits, an answer that is a 500 (a handler that threw), a health check that
 * fails, a slow client the server never cuts off, or a line from the process guards (an error that got
 * past every handler). The figures go to the log as one line per server.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { STRAY_ERROR_PREFIX } from "../cli/src/server-process-guards.js";
import { drawFuzzCase, FuzzRandom, type FuzzCase, type FuzzSurface } from "./support/fuzz-requests.js";
import { runLoupe, startLoupe, type RunningLoupe } from "./support/loupe-cli.js";
import { rawExchange, type RawExchange } from "./support/raw-http.js";

/** Hostile exchanges per server. */
const EXCHANGES = 2_000;
/** Clients sending at once. */
const CONCURRENCY = 16;
/** The seed; change it to explore, quote it to replay. */
const SEED = 0x10c0ffee;

/** What a fuzz run saw. */
interface FuzzFigures {
  exchanges: number;
  byFamily: Record<string, number>;
  byStatus: Record<string, number>;
  healthChecks: number;
  slowClientsCutOff: number;
  /** How long the hostile exchanges took (all clients together), and the slow clients after them. */
  exchangeSeconds: number;
  totalSeconds: number;
  serverErrors: string[];
}

/** A server under fuzz: how to reach it and how to tell it is healthy. */
interface FuzzTarget {
  name: string;
  process: RunningLoupe;
  port: number;
  surface: FuzzSurface;
  /** Throws unless the server answers as it should. */
  healthy(): Promise<void>;
}

const running: RunningLoupe[] = [];
const directories: string[] = [];
afterAll(async () => {
  for (const loupe of running) loupe.kill();
  await Promise.all(directories.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A case in a line, for a failure message. */
function describeCase(fuzzCase: FuzzCase): string {
  const first = fuzzCase.chunks[0] ?? "";
  const text = typeof first === "string" ? first : first.toString("latin1");
  return `${fuzzCase.family}: ${JSON.stringify(text.slice(0, 160))}`;
}

/**
 * Clients that send a request head one line a second and never finish it; the server must cut each
 * off (its headers timeout is 10 s) long before the client would give up (25 s).
 */
function slowHeaderClients(target: FuzzTarget, count: number): Promise<RawExchange[]> {
  const lines = Array.from({ length: 25 }, (_, i) => `X-Slow-${i}: ${"y".repeat(10)}\r\n`);
  return Promise.all(
    Array.from({ length: count }, () =>
      rawExchange(target.port, [`GET / HTTP/1.1\r\nHost: ${target.surface.host}\r\n`, ...lines], {
        chunkDelayMs: 1_000,
        timeoutMs: 25_000,
      }),
    ),
  );
}

/** Clients that send a body a byte a second, then give up: they must cost the server nothing lasting. */
function slowBodyClients(target: FuzzTarget, count: number): Promise<RawExchange[]> {
  const route = target.surface.jsonRoutes[0] ?? "/";
  const head = `POST ${route} HTTP/1.1\r\nHost: ${target.surface.host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
  return Promise.all(
    Array.from({ length: count }, () =>
      rawExchange(target.port, [head, ...'{"url":"h'.split("")], { chunkDelayMs: 1_000, end: true }),
    ),
  );
}

async function fuzz(target: FuzzTarget): Promise<FuzzFigures> {
  const random = new FuzzRandom(SEED);
  const cases = Array.from({ length: EXCHANGES }, () => drawFuzzCase(random, target.surface));
  const figures: FuzzFigures = {
    exchanges: 0,
    byFamily: {},
    byStatus: {},
    healthChecks: 0,
    slowClientsCutOff: 0,
    exchangeSeconds: 0,
    totalSeconds: 0,
    serverErrors: [],
  };
  const started = performance.now();
  const seconds = (): number => Math.round((performance.now() - started) / 100) / 10;
  const stillRunning = (): void => {
    expect(target.process.child.exitCode, `${target.name} exited:\n${target.process.stderr}`).toBeNull();
    expect(
      target.process.child.signalCode,
      `${target.name} was killed:\n${target.process.stderr}`,
    ).toBeNull();
  };
  const slowHeaders = slowHeaderClients(target, 8);
  const slowBodies = slowBodyClients(target, 4);

  // A pool of clients drawing the next case, and beside it a monitor checking health all along.
  let next = 0;
  let failure: unknown;
  const client = async (): Promise<void> => {
    while (next < cases.length && failure === undefined) {
      const fuzzCase = cases[next++]!;
      const answer = await rawExchange(target.port, fuzzCase.chunks, fuzzCase.options);
      figures.exchanges++;
      figures.byFamily[fuzzCase.family] = (figures.byFamily[fuzzCase.family] ?? 0) + 1;
      const status = answer.status === undefined ? `no answer (${answer.ended})` : String(answer.status);
      figures.byStatus[status] = (figures.byStatus[status] ?? 0) + 1;
      if (answer.status !== undefined && answer.status >= 500 && answer.status !== 502)
        figures.serverErrors.push(`${answer.status} for ${describeCase(fuzzCase)}`);
      if (answer.ended === "failed")
        failure ??= new Error(`${target.name} refused a connection after ${describeCase(fuzzCase)}`);
    }
  };
  let clientsDone = false;
  const monitor = async (): Promise<void> => {
    while (!clientsDone && failure === undefined) {
      try {
        stillRunning();
        await target.healthy();
        figures.healthChecks++;
      } catch (error) {
        failure ??= error;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const monitoring = monitor();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  clientsDone = true;
  figures.exchangeSeconds = seconds();
  await monitoring;
  if (failure !== undefined) throw failure;

  const cutOff = await slowHeaders;
  figures.slowClientsCutOff = cutOff.filter((answer) => answer.ended !== "waited").length;
  await slowBodies;
  stillRunning();
  await target.healthy();
  figures.healthChecks++;
  figures.totalSeconds = seconds();
  return figures;
}

/** What every run must show, and the figures in the log. */
function expectSurvived(target: FuzzTarget, figures: FuzzFigures): void {
  console.log(`fuzz figures (${target.name}, seed ${SEED}): ${JSON.stringify(figures)}`);
  expect(figures.serverErrors).toEqual([]);
  expect(figures.exchanges).toBe(EXCHANGES);
  expect(figures.slowClientsCutOff).toBe(8);
  expect(target.process.stderr).not.toContain(STRAY_ERROR_PREFIX);
}

describe("fuzzing the servers", { timeout: 300_000 }, () => {
  it("Loupe Cloud (HTTP, upgrades on every route, the CDP proxy of a real session) stays up and answers", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "loupe-fuzz-cloud-"));
    directories.push(dataDir);
    const created = await runLoupe(["cloud", "keys", "create", "--project", "fuzz", "--data-dir", dataDir]);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    // One session per project: a body the fuzzer draws can never start a second browser.
    const cloud = startLoupe(
      ["cloud", "serve", "--port", "0", "--data-dir", dataDir, "--max-sessions", "1"],
      { LOUPE_LOG_LEVEL: "warn" },
    );
    running.push(cloud);
    const [, base = ""] = await cloud.waitForStdout(/listening on (http:\/\/\S+)/, 120_000);
    const port = Number(new URL(base).port);
    const auth = { authorization: `Bearer ${key}` };
    const session = (await (
      await fetch(`${base}/v1/sessions`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: "{}",
      })
    ).json()) as { id: string; connectUrl: string };
    expect(session.connectUrl).toContain(`/v1/sessions/${session.id}/connect`);

    const target: FuzzTarget = {
      name: "loupe cloud serve",
      process: cloud,
      port,
      surface: {
        host: `127.0.0.1:${port}`,
        routes: [
          "/healthz",
          "/v1/fetch",
          "/v1/sessions",
          "/v1/sessions/{x}",
          "/v1/sessions/{x}/extract",
          "/v1/sessions/{x}/act",
          "/v1/sessions/{x}/connect",
          `/v1/sessions/${session.id}`,
          `/v1/sessions/${session.id}/connect`,
          "/v1/usage",
          "/",
          "/{x}",
        ],
        jsonRoutes: [
          "/v1/fetch",
          "/v1/sessions",
          `/v1/sessions/${session.id}/extract`,
          `/v1/sessions/${session.id}/act`,
          "/v1/sessions/{x}/act",
        ],
        credentials: [
          [],
          [`Authorization: Bearer ${key}`],
          ["Authorization: Bearer lp_wrong"],
          ["Authorization: Basic eA=="],
        ],
        sockets: [
          `/v1/sessions/${session.id}/connect`,
          `/v1/sessions/${session.id}/connect?apiKey=${key}`,
          `/v1/sessions/${session.id}/connect?apiKey=%ff`,
          "/v1/sessions/%ff/connect",
        ],
        maxBodyBytes: 1024 * 1024,
      },
      async healthy() {
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
      },
    };
    const figures = await fuzz(target);

    // The session lived through it, and its CDP proxy still carries a real command to its browser.
    const state = (await (await fetch(`${base}/v1/sessions/${session.id}`, { headers: auth })).json()) as {
      status: string;
    };
    expect(state.status).toBe("RUNNING");
    const socket = new WebSocket(session.connectUrl, { headers: auth });
    const version = await new Promise<{ result?: { product?: string } }>((resolve, reject) => {
      socket.once("open", () => socket.send(JSON.stringify({ id: 1, method: "Browser.getVersion" })));
      socket.on("message", (data) => resolve(JSON.parse(String(data)) as { result?: { product?: string } }));
      socket.once("error", reject);
    });
    socket.close();
    expect(version.result?.product).toMatch(/Chrom/);
    expectSurvived(target, figures);
    cloud.child.kill("SIGTERM");
    await expect(cloud.exited).resolves.toBe(0);
  });

  it("the Studio's web server (HTTP, the API WebSocket) stays up and answers", async () => {
    const studio = startLoupe(["studio", "--web", "--no-open", "--port", "0"]);
    running.push(studio);
    const [, url = ""] = await studio.waitForStdout(/^Loupe Studio: (http:\/\/\S+)$/m, 120_000);
    const address = new URL(url);
    const token = address.hash.slice("#token=".length);
    const port = Number(address.port);
    const host = `127.0.0.1:${port}`;

    const target: FuzzTarget = {
      name: "loupe studio --web",
      process: studio,
      port,
      surface: {
        host,
        routes: ["/", "/index.html", "/assets/{x}", "/studio-launch", "/studio-api", "/favicon.ico", "/{x}"],
        jsonRoutes: ["/studio-launch"],
        credentials: [[], [`Origin: http://${host}`], ["Origin: http://evil.test"]],
        sockets: [
          `/studio-api?token=${token}`,
          "/studio-api",
          "/studio-api?token=wrong",
          "/studio-api?token=%ff",
        ],
        maxBodyBytes: 1_000,
      },
      async healthy() {
        expect((await fetch(`http://${host}/`)).status).toBe(200);
        // The API still answers a client with the token.
        const socket = new WebSocket(`ws://${host}/studio-api?token=${token}`, { origin: `http://${host}` });
        const answer = await new Promise<{ ok?: boolean }>((resolve, reject) => {
          socket.once("open", () =>
            socket.send(JSON.stringify({ kind: "request", id: 1, method: "settings.get", params: {} })),
          );
          socket.on("message", (data) => {
            const message = JSON.parse(String(data)) as { kind: string; id?: number; ok?: boolean };
            if (message.kind === "response" && message.id === 1) resolve(message);
          });
          socket.once("error", reject);
        });
        socket.close();
        expect(answer.ok).toBe(true);
      },
    };
    const figures = await fuzz(target);
    expectSurvived(target, figures);
    studio.child.kill("SIGTERM");
    await expect(studio.exited).resolves.toBe(0);
  });
});
