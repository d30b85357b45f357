import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { RealmLimits } from "./quickjs-realm.js";
import type { SchemaEvaluation } from "./sandbox-result.js";
import { sandboxMessages } from "./sandbox-messages.js";
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
  /** The time limit per evaluation, inside the realm. Default 1000 ms. */
  timeoutMs?: number;
  /** The realm's heap limit. Default 32 MB (zod itself takes about 2). */
  memoryMb?: number;
  /**
   * Extra time before the worker itself is killed: for a runaway the realm's own limit cannot see (one
   * native call that never yields to the interrupt check) and for the transpiling. Default 1500 ms.
   */
  graceMs?: number;
}

/** How long the worker may take to have a realm ready for a request (zod loading in it, on a busy machine). */
const REALM_START_LIMIT_MS = 30_000;

/** How long a source may be; a schema is a page of code, not a program. */
export const MAX_SOURCE_LENGTH = 100_000;

/**
 * Evaluates zod sources (TypeScript) into JSON Schema, one request at a time, in a worker thread that
 * runs each in its own QuickJS realm: a wasm JavaScript engine that is handed strings and gives back
 * strings, with nothing of the host inside it (see quickjs-realm.ts). The worker stays warm between
 * requests (typescript takes a while to load); a request that overruns kills it and the next one starts
 * a new worker.
 */
export class SchemaSandbox {
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private readonly limits: RealmLimits;
  private readonly graceMs: number;

  constructor(options: SchemaSandboxOptions = {}) {
    this.limits = { timeoutMs: options.timeoutMs ?? 1000, memoryMb: options.memoryMb ?? 32 };
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
      return { ok: false, issues: [{ message: sandboxMessages.tooLong(MAX_SOURCE_LENGTH) }] };
    const worker = await this.started();
    const id = this.nextId++;
    return new Promise<SchemaEvaluation>((resolve) => {
      const stop = (message: string) => {
        this.worker = undefined;
        void worker.terminate();
        finish({ ok: false, issues: [{ message }] });
      };
      // Until the worker has a realm ready for this request (made while the person typed, unless
      // requests came back to back on a loaded machine), only a start-up bound applies.
      let watchdog = setTimeout(() => stop(sandboxMessages.sandboxStopped), REALM_START_LIMIT_MS);
      const finish = (evaluation: SchemaEvaluation) => {
        clearTimeout(watchdog);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        resolve(evaluation);
      };
      const onMessage = (message: SandboxResponse) => {
        if (message.id !== id) return;
        if ("evaluation" in message) return finish(message.evaluation);
        clearTimeout(watchdog);
        watchdog = setTimeout(
          () => stop(sandboxMessages.timeLimit(this.limits.timeoutMs)),
          this.limits.timeoutMs + this.graceMs,
        );
      };
      const onExit = () => {
        this.worker = undefined;
        finish({ ok: false, issues: [{ message: sandboxMessages.sandboxStopped }] });
      };
      worker.on("message", onMessage);
      worker.on("exit", onExit);
      worker.postMessage({ id, source } satisfies SandboxRequest);
    });
  }

  /** The warm worker, started (and its "ready" awaited, so typescript's load time is not on the clock). */
  private started(): Promise<Worker> {
    this.worker ??= startWorker(this.limits);
    const worker = this.worker;
    worker.catch(() => {
      if (this.worker === worker) this.worker = undefined;
    });
    return worker;
  }
}

function startWorker(limits: RealmLimits): Promise<Worker> {
  if (!existsSync(WORKER_PATH) || !existsSync(ZOD_BUNDLE_PATH))
    return Promise.reject(new Error(sandboxMessages.notBuilt));
  const worker = new Worker(WORKER_PATH, {
    workerData: { zodBundlePath: ZOD_BUNDLE_PATH, limits } satisfies SandboxWorkerData,
    // Defence in depth only: the boundary is the realm, and the worker shares the process anyway.
    env: {},
    // V8's heap here holds typescript and the host side; each realm's wasm memory is capped on its own.
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
