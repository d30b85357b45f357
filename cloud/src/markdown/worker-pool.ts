/**
 * A small pool of conversion worker threads with a CPU deadline per page. Parsing and converting a
 * hostile page (a 5 MB tree of nested tables, pathological markup) can take seconds of pure CPU; in
 * the server's own thread that would stall every other request. In a worker it only costs that
 * worker: past the deadline the pool terminates it, rejects with `deadline_exceeded` and starts a
 * fresh one for the next page. Workers are reused, so a page does not pay a thread start.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { MarkdownConversionError } from "./conversion-error.js";
import type { MarkdownResult } from "./convert-html.js";
import type { ConversionReply, ConversionRequest } from "./worker-protocol.js";

export const DEFAULT_DEADLINE_MS = 10_000;

export interface MarkdownWorkerPoolOptions {
  /** Worker threads (default: 1 on one or two cores, else 2). */
  size?: number;
  /** CPU deadline per page unless the call gives one (default 10 s). */
  deadlineMs?: number;
  /** Heap limit per worker in MB (default 512): a page that needs more fails alone. */
  maxHeapMb?: number;
  /** Another worker script speaking worker-protocol.ts (tests use one that never answers). */
  workerUrl?: URL;
}

interface Task {
  request: ConversionRequest;
  deadlineMs: number;
  resolve(result: MarkdownResult): void;
  reject(error: MarkdownConversionError): void;
}

interface Slot {
  worker: Worker | null;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

export class MarkdownWorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Task[] = [];
  private readonly deadlineMs: number;
  private readonly maxHeapMb: number;
  private readonly workerUrl: URL | undefined;
  private nextId = 1;
  private closed = false;

  constructor(options: MarkdownWorkerPoolOptions = {}) {
    const size = Math.max(1, Math.floor(options.size ?? (availableParallelism() > 2 ? 2 : 1)));
    this.slots = Array.from({ length: size }, () => ({ worker: null, task: null, timer: null }));
    this.deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.maxHeapMb = options.maxHeapMb ?? 512;
    this.workerUrl = options.workerUrl;
  }

  /**
   * Converts a page in a worker (see convertHtmlToMarkdown for what comes out).
   * @throws MarkdownConversionError — `deadline_exceeded` past the deadline (counted from when a
   *   worker takes the page), `conversion_failed`, `worker_failed` or `pool_closed`.
   */
  convert(html: string, url: string, options: { deadlineMs?: number } = {}): Promise<MarkdownResult> {
    if (this.closed) return Promise.reject(closedError());
    return new Promise((resolve, reject) => {
      this.queue.push({
        request: { id: this.nextId++, html, url },
        deadlineMs: options.deadlineMs ?? this.deadlineMs,
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  /** Stops every worker; conversions under way or queued reject with `pool_closed`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(closedError());
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker } = slot;
        this.finish(slot)?.reject(closedError());
        slot.worker = null;
        await worker?.terminate();
      }),
    );
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      while (!this.closed && !slot.task && this.queue.length) {
        const task = this.queue.shift()!;
        try {
          slot.worker ??= this.startWorker(slot);
        } catch (error) {
          // No thread for this page; the next queued page tries again (and fails alike, not silently).
          task.reject(
            new MarkdownConversionError(
              "worker_failed",
              `Could not start a conversion worker: ${message(error)}`,
              {
                cause: error,
              },
            ),
          );
          continue;
        }
        slot.task = task;
        slot.timer = setTimeout(() => this.expire(slot, task), task.deadlineMs);
        slot.worker.postMessage(task.request);
      }
    }
  }

  private startWorker(slot: Slot): Worker {
    const script = this.workerUrl ? { url: this.workerUrl, eval: false } : defaultWorkerScript();
    const worker = new Worker(script.url, {
      eval: script.eval,
      // Not the parent's flags: the worker needs none, and some break it (`--input-type` of a `node -e`).
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    // An idle worker must not keep the process alive; a busy one is kept alive by its deadline timer.
    worker.unref();
    worker.on("message", (reply: ConversionReply) => {
      if (slot.worker !== worker || slot.task?.request.id !== reply.id) return;
      const task = this.finish(slot)!;
      if (reply.ok) {
        const { id: _id, ok: _ok, ...result } = reply;
        task.resolve(result);
      } else {
        task.reject(
          new MarkdownConversionError(
            "conversion_failed",
            `The page could not be converted: ${reply.message}`,
          ),
        );
      }
      this.dispatch();
    });
    const fail = (reason: string, cause?: unknown) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      this.finish(slot)?.reject(
        new MarkdownConversionError("worker_failed", `The conversion worker ${reason}`, { cause }),
      );
      void worker.terminate();
      this.dispatch();
    };
    worker.on("error", (error) => fail(`failed: ${message(error)}`, error));
    worker.on("exit", (code) => fail(`exited with code ${code}`));
    return worker;
  }

  private expire(slot: Slot, task: Task): void {
    if (slot.task !== task) return;
    const worker = slot.worker;
    slot.worker = null;
    this.finish(slot);
    void worker?.terminate();
    this.replaceWorker(slot);
    task.reject(
      new MarkdownConversionError(
        "deadline_exceeded",
        `Converting the page to markdown took longer than ${task.deadlineMs} ms; it was stopped.`,
      ),
    );
    this.dispatch();
  }

  /** Starts a fresh worker in place of a stopped one, so the next page does not wait for a thread start. */
  private replaceWorker(slot: Slot): void {
    if (this.closed) return;
    try {
      slot.worker = this.startWorker(slot);
    } catch {
      // dispatch() tries again, and reports the failure, when a page needs the worker.
    }
  }

  /** Frees the slot and returns the task it held. */
  private finish(slot: Slot): Task | null {
    const task = slot.task;
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = null;
    slot.timer = null;
    return task;
  }
}

/**
 * How to start a worker running `markdown-worker` beside this module. Built
 * (`dist/markdown/worker-pool.js`), that is the compiled `markdown-worker.js`, found with
 * `new URL(..., import.meta.url)` as Node and bundlers expect. From TypeScript sources (vitest, `tsx`)
 * it is `markdown-worker.ts`, which a worker thread cannot load by itself: Node 20 does not carry the
 * parent's loader hooks into workers, nor honour `--import tsx` there, so the thread starts from a
 * small script that registers tsx's ESM hooks and then imports the worker.
 */
function defaultWorkerScript(): { url: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith(".ts"))
    return { url: new URL("./markdown-worker.js", import.meta.url), eval: false };
  const worker = new URL("./markdown-worker.ts", import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxEsmApi())})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); })
  .catch((error) => { setImmediate(() => { throw error; }); });`;
  return { url: bootstrap, eval: true };
}

/** tsx's ESM API (`tsx/esm/api`, import condition), a dev dependency needed only to run from sources. */
function tsxEsmApi(): string {
  const packageJson = createRequire(import.meta.url).resolve("tsx/package.json");
  const manifest = JSON.parse(readFileSync(packageJson, "utf8")) as {
    exports: Record<string, { import?: { default?: string } } | string>;
  };
  const entry = manifest.exports["./esm/api"];
  const path = typeof entry === "object" ? entry.import?.default : undefined;
  if (!path)
    throw new Error(
      "tsx does not export ./esm/api for import; cannot run the worker from TypeScript sources",
    );
  return pathToFileURL(join(dirname(packageJson), path)).href;
}

function closedError(): MarkdownConversionError {
  return new MarkdownConversionError("pool_closed", "The markdown conversion workers were shut down.");
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
