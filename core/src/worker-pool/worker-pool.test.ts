import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { WorkerPool, WorkerTaskError } from "./worker-pool.js";

interface Request {
  label: string;
  busyMs?: number;
  hang?: boolean;
  fail?: boolean;
}
interface Result {
  label: string;
  /** How many tasks this worker thread had taken, this one included. */
  taken: number;
}

/** A worker speaking the pool's envelope (ready, then one reply per task): busy for `busyMs`, stuck forever on `hang`, throwing on `fail`. */
const TEST_WORKER = new URL(
  "data:text/javascript," +
    encodeURIComponent(`
import { parentPort } from "node:worker_threads";
let taken = 0;
parentPort.on("message", ({ id, request }) => {
  taken++;
  if (request.hang) for (;;) {}
  if (request.fail) return parentPort.postMessage({ id, ok: false, message: "no " + request.label });
  const end = Date.now() + (request.busyMs ?? 0);
  while (Date.now() < end) {}
  parentPort.postMessage({ id, ok: true, result: { label: request.label, taken } });
});
parentPort.postMessage({ ready: true });`),
);

async function failure(promise: Promise<unknown>): Promise<WorkerTaskError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(WorkerTaskError);
    return error as WorkerTaskError;
  }
  throw new Error("expected the task to fail");
}

describe("WorkerPool", () => {
  const pools: WorkerPool<Request, Result>[] = [];
  const pool = (deadlineMs = 5_000) => {
    const created = new WorkerPool<Request, Result>({
      script: { url: TEST_WORKER, eval: false },
      work: "The test task",
      size: 1,
      deadlineMs,
    });
    pools.push(created);
    return created;
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it("serves waiting tasks round-robin across keys: one key's burst does not starve another", async () => {
    const p = pool();
    const finished: string[] = [];
    const run = (key: string, label: string) =>
      p.run({ label, busyMs: 20 }, { key }).then((r) => finished.push(r.label));
    const burst = Array.from({ length: 6 }, (_, i) => run("busy", `busy-${i}`));
    const quiet = run("quiet", "quiet-0");
    await Promise.all([...burst, quiet]);
    // busy-0 was already running and busy-1 was first in line; quiet's task comes next, not seventh.
    expect(finished.indexOf("quiet-0")).toBe(2);
    expect(finished.filter((l) => l.startsWith("busy"))).toEqual(burst.map((_, i) => `busy-${i}`));
  });

  it("drops a queued task whose signal aborts: it rejects at once and never reaches a worker", async () => {
    const p = pool();
    const first = p.run({ label: "first", busyMs: 200 });
    const controller = new AbortController();
    const dropped = failure(p.run({ label: "dropped" }, { signal: controller.signal }));
    const after = p.run({ label: "after" });
    expect(p.queued).toBe(2);
    const started = performance.now();
    controller.abort();
    const error = await dropped;
    expect(error.code).toBe("cancelled");
    expect(performance.now() - started).toBeLessThan(100);
    expect(p.queued).toBe(1);
    expect((await first).taken).toBe(1);
    // The same worker took "after" as its second task: "dropped" never ran.
    expect(await after).toEqual({ label: "after", taken: 2 });
  });

  it("stops a running task whose signal aborts, and the next task runs on a fresh worker", async () => {
    const p = pool(60_000);
    const controller = new AbortController();
    const stuck = failure(p.run({ label: "stuck", hang: true }, { signal: controller.signal }));
    const next = p.run({ label: "next" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    controller.abort();
    expect((await stuck).code).toBe("cancelled");
    expect(await next).toEqual({ label: "next", taken: 1 });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("refuses a task whose signal has already aborted", async () => {
    const error = await failure(pool().run({ label: "late" }, { signal: AbortSignal.abort() }));
    expect(error.code).toBe("cancelled");
  });

  it("stops a task at its deadline; the message names the work and the deadline", async () => {
    const p = pool();
    const error = await failure(p.run({ label: "stuck", hang: true }, { deadlineMs: 200 }));
    expect(error.code).toBe("deadline_exceeded");
    expect(error.message).toBe("The test task took longer than 200 ms; it was stopped.");
    expect(await p.run({ label: "again" })).toEqual({ label: "again", taken: 1 });
  });

  it("counts the deadline from when the worker has loaded, not from its thread start", async () => {
    // This worker takes 600 ms to load before it says it is ready; the task's 300 ms are its own.
    const slowStart = new URL(
      "data:text/javascript," +
        encodeURIComponent(`
import { parentPort } from "node:worker_threads";
const end = Date.now() + 600;
while (Date.now() < end) {}
parentPort.on("message", ({ id, request }) => parentPort.postMessage({ id, ok: true, result: { label: request.label, taken: 1 } }));
parentPort.postMessage({ ready: true });`),
    );
    const p = new WorkerPool<Request, Result>({
      script: { url: slowStart, eval: false },
      work: "The test task",
      size: 1,
      deadlineMs: 300,
    });
    pools.push(p);
    expect(await p.run({ label: "first" })).toEqual({ label: "first", taken: 1 });
  });

  it("reports what the task threw", async () => {
    const error = await failure(pool().run({ label: "thing", fail: true }));
    expect(error.code).toBe("task_failed");
    expect(error.message).toBe("no thing");
  });

  it("rejects tasks under way and later ones once closed", async () => {
    const p = pool();
    const pending = failure(p.run({ label: "stuck", hang: true }));
    const queued = failure(p.run({ label: "queued" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await p.close();
    expect((await pending).code).toBe("pool_closed");
    expect((await queued).code).toBe("pool_closed");
    expect((await failure(p.run({ label: "later" }))).code).toBe("pool_closed");
  });
  it("lets its process exit once its work is done: an idle worker holds nothing open", async () => {
    // A command-line run that validated one schema once hung here after printing its answer.
    const poolModule = fileURLToPath(new URL("./worker-pool.ts", import.meta.url));
    const script = `
      const { WorkerPool } = await import(${JSON.stringify(poolModule)});
      const pool = new WorkerPool({ script: { url: new URL(${JSON.stringify(TEST_WORKER.href)}), eval: false },
        work: "The test task", size: 1, deadlineMs: 5000 });
      console.log((await pool.run({ label: "once" })).label);`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { timeout: 30_000 },
    );
    expect(stdout.trim()).toBe("once");
  }, 40_000);
});
