import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { timeLimitMessage } from "./context-evaluation.js";
import type { SchemaEvaluation } from "./sandbox-result.js";
import type { SandboxRequest, SandboxResponse, SandboxWorkerData } from "./sandbox-worker.js";

// Both paths are relative to electron/, the same from src/node/schema-sandbox and dist/node/schema-sandbox.
// The worker is always the compiled one: a worker thread cannot run TypeScript sources.
const WORKER_PATH = fileURLToPath(
  new URL("../../../dist/node/schema-sandbox/sandbox-worker.js", import.meta.url),
);
const ZOD_BUNDLE_PATH = fileURLToPath(
  new URL("../../../dist/schema-sandbox/zod-sandbox.js", import.meta.url),
);

/** How the sandbox is limited. */
export interface SchemaSandboxOptions {
  /** The vm time limit per evaluation. Default 1000 ms. */
  timeoutMs?: number;
  /** Extra time before the worker itself is killed (a runaway the vm limit cannot see). Default 1500 ms. */
  graceMs?: number;
}

/** How long a source may be; a schema is a page of code, not a program. */
export const MAX_SOURCE_LENGTH = 100_000;

/**
 * Evaluates zod sources (TypeScript) into JSON Schema in a worker thread, one request at a time. The
 * worker stays warm between requests (typescript takes a while to load) but each request gets a fresh vm
 * context; a request that overruns kills the worker and the next one starts a new worker.
 */
export class SchemaSandbox {
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private readonly timeoutMs: number;
  private readonly graceMs: number;

  constructor(options: SchemaSandboxOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 1000;
    this.graceMs = options.graceMs ?? 1500;
  }

  /** The JSON Schema of `source`, or the issues (with positions when known) that stopped it. */
  evaluate(source: string): Promise<SchemaEvaluation> {
    const run = this.queue.then(() => this.evaluateNow(source));
    this.queue = run.catch(() => {});
    return run;
  }

  /** Stops the worker (a later `evaluate` starts another). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => undefined))?.terminate();
  }

  private async evaluateNow(source: string): Promise<SchemaEvaluation> {
    if (source.length > MAX_SOURCE_LENGTH)
      return {
        ok: false,
        issues: [{ message: `The schema is longer than ${MAX_SOURCE_LENGTH} characters.` }],
      };
    const worker = await this.started();
    const id = this.nextId++;
    return new Promise<SchemaEvaluation>((resolve) => {
      const finish = (evaluation: SchemaEvaluation) => {
        clearTimeout(watchdog);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        resolve(evaluation);
      };
      const onMessage = (message: SandboxResponse) => {
        if (message.id === id) finish(message.evaluation);
      };
      const onExit = () => {
        this.worker = undefined;
        finish({ ok: false, issues: [{ message: "The schema sandbox stopped (out of memory?)." }] });
      };
      const watchdog = setTimeout(() => {
        this.worker = undefined;
        void worker.terminate();
        finish({ ok: false, issues: [{ message: timeLimitMessage(this.timeoutMs) }] });
      }, this.timeoutMs + this.graceMs);
      worker.on("message", onMessage);
      worker.on("exit", onExit);
      worker.postMessage({ id, source } satisfies SandboxRequest);
    });
  }

  /** The warm worker, started (and its "ready" awaited, so typescript's load time is not on the clock). */
  private started(): Promise<Worker> {
    this.worker ??= startWorker(this.timeoutMs);
    const worker = this.worker;
    worker.catch(() => {
      if (this.worker === worker) this.worker = undefined;
    });
    return worker;
  }
}

function startWorker(timeoutMs: number): Promise<Worker> {
  if (!existsSync(WORKER_PATH) || !existsSync(ZOD_BUNDLE_PATH))
    return Promise.reject(
      new Error("The schema sandbox is not built: run `npm run build -w electron` (it bundles zod for it)."),
    );
  const worker = new Worker(WORKER_PATH, {
    workerData: { zodBundlePath: ZOD_BUNDLE_PATH, timeoutMs } satisfies SandboxWorkerData,
    env: {}, // no API keys in reach, even for code that got out of the vm
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 },
    stdout: true, // user code has no console, but keep any worker noise off the service's output
    stderr: true,
  });
  worker.unref(); // an idle sandbox never keeps the process alive
  return new Promise((resolve, reject) => {
    worker.once("message", () => resolve(worker));
    worker.once("error", reject);
    worker.once("exit", (code) =>
      reject(new Error(`The schema sandbox exited (${code}) before it was ready.`)),
    );
  });
}
