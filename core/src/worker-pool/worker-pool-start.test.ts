import { afterAll, describe, expect, it } from "vitest";
import { WorkerPool, type WorkerPoolOptions } from "./worker-pool.js";

interface Request {
  label: string;
  /** How long the worker prepares before it says it started this task. */
  prepareMs?: number;
  /** Never says it started this task. */
  stuck?: boolean;
}
interface Result {
  label: string;
  workerData?: unknown;
  env?: Record<string, string | undefined>;
  resourceLimits?: Record<string, number>;
}

/** A worker that prepares each task (busy for `prepareMs`), says it started it, and answers at once. */
const PREPARING_WORKER = workerUrl(`
import { parentPort, workerData, resourceLimits } from "node:worker_threads";
parentPort.on("message", ({ id, request }) => {
  if (request.stuck) return;
  const end = Date.now() + (request.prepareMs ?? 0);
  while (Date.now() < end) {}
  parentPort.postMessage({ id, started: true });
  parentPort.postMessage({ id, ok: true, result: { label: request.label, workerData, env: { ...process.env }, resourceLimits } });
});
parentPort.postMessage({ ready: true });`);

const notReady = {
  name: "WorkerTaskError",
  code: "worker_failed",
  message: "The worker was not ready within 300 ms.",
};

function workerUrl(code: string): URL {
  return new URL("data:text/javascript," + encodeURIComponent(code));
}

describe("WorkerPool start limits and thread options", () => {
  const pools: WorkerPool<Request, Result>[] = [];
  const pool = (options: Partial<WorkerPoolOptions>) => {
    const created = new WorkerPool<Request, Result>({
      script: { url: PREPARING_WORKER, eval: false },
      work: "The test task",
      size: 1,
      deadlineMs: 5_000,
      ...options,
    });
    pools.push(created);
    return created;
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it("fails a task whose worker never gets ready within the start limit, and says so", async () => {
    const p = pool({
      script: { url: workerUrl(`setInterval(() => {}, 1000);`), eval: false },
      startTimeoutMs: 300,
    });
    const started = performance.now();
    await expect(p.run({ label: "never" })).rejects.toMatchObject(notReady);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it("with preparesTasks, counts each task's deadline from when the worker says it started it", async () => {
    // Each preparation takes 500 ms; the tasks' 200 ms deadline is theirs alone, on a warm worker too.
    const p = pool({ preparesTasks: true, deadlineMs: 200, startTimeoutMs: 10_000 });
    expect(await p.run({ label: "first", prepareMs: 500 })).toMatchObject({ label: "first" });
    expect(await p.run({ label: "second", prepareMs: 500 })).toMatchObject({ label: "second" });
  });

  it("with preparesTasks, bounds a preparation that never ends by the start limit; the next task gets a fresh worker", async () => {
    // The limit also bounds the fresh worker's own start: wide enough for a loaded machine.
    const p = pool({ preparesTasks: true, deadlineMs: 60_000, startTimeoutMs: 3_000 });
    await expect(p.run({ label: "stuck", stuck: true })).rejects.toMatchObject({
      ...notReady,
      message: "The worker was not ready within 3000 ms.",
    });
    expect(await p.run({ label: "next" })).toMatchObject({ label: "next" });
  });

  it("without preparesTasks, the deadline runs from dispatch: a long preparation is on the task's clock", async () => {
    const p = pool({ deadlineMs: 200 });
    await expect(p.run({ label: "slow", prepareMs: 2_000 })).rejects.toMatchObject({
      name: "WorkerTaskError",
      code: "deadline_exceeded",
    });
  });

  it("gives each worker its workerData, environment and resource limits", async () => {
    const p = pool({
      maxHeapMb: 96,
      resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 9999 },
      thread: { workerData: { zod: "bundle.js" }, env: { ONLY: "this" } },
    });
    const result = await p.run({ label: "options" });
    expect(result.workerData).toEqual({ zod: "bundle.js" });
    expect(result.env).toEqual({ ONLY: "this" });
    // `maxHeapMb` wins over a `resourceLimits` old generation.
    expect(result.resourceLimits).toMatchObject({ maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 });
  });
});
