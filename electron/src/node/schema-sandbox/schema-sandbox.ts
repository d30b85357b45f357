import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { WorkerPool, WorkerTaskError } from "@loupe/core/worker-pool";
import type { RealmLimits } from "./quickjs-realm.js";
import type { SchemaEvaluation } from "./sandbox-result.js";
import { sandboxMessages } from "./sandbox-messages.js";
import type { SandboxWorkerData } from "./sandbox-worker.js";

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
 * strings, with nothing of the host inside it (see quickjs-realm.ts). The thread is core's worker pool
 * of one: it stays warm between requests (typescript takes a while to load); a request that overruns
 * kills it and the next one starts a new worker.
 */
export class SchemaSandbox {
  private pool: WorkerPool<string, SchemaEvaluation> | undefined;
  private readonly limits: RealmLimits;
  private readonly graceMs: number;

  constructor(options: SchemaSandboxOptions = {}) {
    this.limits = { timeoutMs: options.timeoutMs ?? 1000, memoryMb: options.memoryMb ?? 32 };
    this.graceMs = options.graceMs ?? 1500;
  }

  /** The JSON Schema of `source`, or the issues (with positions when known) that stopped it. */
  async evaluate(source: string): Promise<SchemaEvaluation> {
    if (source.length > MAX_SOURCE_LENGTH)
      return { ok: false, issues: [{ message: sandboxMessages.tooLong(MAX_SOURCE_LENGTH) }] };
    if (!existsSync(WORKER_PATH) || !existsSync(ZOD_BUNDLE_PATH)) throw new Error(sandboxMessages.notBuilt);
    try {
      return await this.started().run(source);
    } catch (error) {
      if (!(error instanceof WorkerTaskError)) throw error;
      const message =
        error.code === "deadline_exceeded"
          ? sandboxMessages.timeLimit(this.limits.timeoutMs)
          : error.code === "task_failed"
            ? error.message
            : sandboxMessages.sandboxStopped;
      return { ok: false, issues: [{ message }] };
    }
  }

  /** Stops the worker (a later `evaluate` starts another). */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }

  private started(): WorkerPool<string, SchemaEvaluation> {
    return (this.pool ??= new WorkerPool({
      script: { url: WORKER_PATH, eval: false },
      work: "Evaluating the schema",
      size: 1,
      // The realm stops the code at `timeoutMs` itself; the pool kills the thread only for what the realm
      // cannot see (one native call that never yields to the interrupt check), and the transpiling.
      deadlineMs: this.limits.timeoutMs + this.graceMs,
      // Until the worker has a realm ready for a request (made while the person typed, unless requests
      // came back to back on a loaded machine), only this start-up bound applies.
      preparesTasks: true,
      startTimeoutMs: REALM_START_LIMIT_MS,
      // V8's heap here holds typescript and the host side; each realm's wasm memory is capped on its own.
      maxHeapMb: 128,
      resourceLimits: { maxYoungGenerationSizeMb: 32 },
      thread: {
        workerData: { zodBundlePath: ZOD_BUNDLE_PATH, limits: this.limits } satisfies SandboxWorkerData,
        // Defence in depth only: the boundary is the realm, and the worker shares the process anyway.
        env: {},
        stdout: true, // user code has no console, but keep any worker noise off the service's output
        stderr: true,
      },
    }));
  }
}
