/**
 * The conversion workers: core's `WorkerPool` running `markdown-worker`. Parsing and converting a hostile
 * page (a 5 MB tree of nested tables, pathological markup) can take seconds of pure CPU; in the server's
 * own thread that would stall every other request. In a worker it only costs that worker, up to the
 * page's deadline. Waiting pages queue per project, served in turn, and a page whose request went away
 * is dropped from the queue or stopped mid-conversion.
 *
 * Chosen over piscina by measurement (see the commit that made this pool fair): no faster in the same
 * run, piscina's abort deadline counts queue time where ours starts when a worker takes the page, and
 * fairness needs a queue of our own either way.
 */
import {
  WorkerPool,
  WorkerTaskError,
  workerScriptBeside,
  type WorkerTaskErrorCode,
} from "@loupe/core/worker-pool";
import { MarkdownConversionError, type MarkdownConversionErrorCode } from "./conversion-error.js";
import type { MarkdownResult } from "./convert-html.js";
import type { ConversionRequest } from "./worker-protocol.js";

export const DEFAULT_DEADLINE_MS = 10_000;

export interface MarkdownWorkerPoolOptions {
  /** Worker threads (default: 1 on one or two cores, else 2). */
  size?: number;
  /** Deadline per page unless the call gives one (default 10 s). */
  deadlineMs?: number;
  /** Heap limit per worker in MB (default 512): a page that needs more fails alone. */
  maxHeapMb?: number;
  /** Another worker script answering through `serveWorkerTasks` (tests use one that never answers). */
  workerUrl?: URL;
}

/** How one page is converted. */
export interface ConvertOptions {
  /** Deadline for this page, counted from when a worker takes it (default: the pool's). */
  deadlineMs?: number;
  /** Whose page this is (the project): waiting pages are served round-robin across keys. */
  key?: string;
  /** Aborted when the request goes away: the page leaves the queue, or its worker is stopped. */
  signal?: AbortSignal;
  /** Report the page's structured metadata and put it in front matter (see convert-html.ts). */
  metadata?: boolean;
}

const CODES: Record<WorkerTaskErrorCode, MarkdownConversionErrorCode> = {
  deadline_exceeded: "deadline_exceeded",
  task_failed: "conversion_failed",
  worker_failed: "worker_failed",
  pool_closed: "pool_closed",
  cancelled: "cancelled",
};

export class MarkdownWorkerPool {
  private readonly pool: WorkerPool<ConversionRequest, MarkdownResult>;

  constructor(options: MarkdownWorkerPoolOptions = {}) {
    this.pool = new WorkerPool({
      script: options.workerUrl
        ? { url: options.workerUrl, eval: false }
        : workerScriptBeside(import.meta.url, "markdown-worker"),
      work: "Converting the page to markdown",
      deadlineMs: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
      ...(options.size !== undefined ? { size: options.size } : {}),
      ...(options.maxHeapMb !== undefined ? { maxHeapMb: options.maxHeapMb } : {}),
    });
  }

  /** Pages waiting for a worker. */
  get queued(): number {
    return this.pool.queued;
  }

  /**
   * Converts a page in a worker (see convertHtmlToMarkdown for what comes out).
   * @throws MarkdownConversionError — `deadline_exceeded` past the deadline (counted from when a
   *   worker takes the page), `conversion_failed`, `worker_failed`, `pool_closed` or `cancelled`.
   */
  async convert(html: string, url: string, options: ConvertOptions = {}): Promise<MarkdownResult> {
    try {
      const request: ConversionRequest = options.metadata ? { html, url, metadata: true } : { html, url };
      return await this.pool.run(request, options);
    } catch (error) {
      if (!(error instanceof WorkerTaskError)) throw error;
      const code = CODES[error.code];
      const text =
        code === "conversion_failed" ? `The page could not be converted: ${error.message}` : error.message;
      throw new MarkdownConversionError(code, text, { cause: error });
    }
  }

  /** Stops every worker; conversions under way or queued reject with `pool_closed`. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
