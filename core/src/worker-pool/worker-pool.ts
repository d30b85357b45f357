/**
 * A small pool of worker threads for CPU work that input can make arbitrarily long (converting a hostile
 * page, compiling or applying a caller's JSON Schema). In the caller's own thread such work would stall
 * every other request; in a worker it costs only that worker. Each task gets a deadline, counted from
 * when a worker takes it: past it the pool terminates the worker, rejects with `deadline_exceeded` and
 * starts a fresh one. Workers are reused, so a task does not pay a thread start. A worker's start (and,
 * for a pool whose workers prepare each task, each preparation) has its own limit, off the task's clock.
 *
 * Waiting tasks queue per key (a project) and are served round-robin across keys, so one caller's burst
 * cannot starve another's. A task whose `signal` aborts (its request went away, its timeout passed)
 * leaves the queue, or, already running, has its worker stopped: nobody pays for work no one awaits.
 */
import { availableParallelism } from "node:os";
import { Worker, type WorkerOptions } from "node:worker_threads";
import { FairQueue } from "./fair-queue.js";
import type {
  WorkerReadyMessage,
  WorkerReplyMessage,
  WorkerStartedMessage,
  WorkerTaskMessage,
} from "./worker-messages.js";
import type { WorkerScript } from "./worker-script.js";

/** Why a pooled task did not produce a result. */
export type WorkerTaskErrorCode =
  /** The task ran past its deadline; its worker was stopped. */
  | "deadline_exceeded"
  /** The task's code threw; the message is what it threw. */
  | "task_failed"
  /** The worker died (out of memory, crashed) or could not start. */
  | "worker_failed"
  /** The pool was closed before the task finished. */
  | "pool_closed"
  /** The task's signal aborted: it was taken out of the queue, or its worker was stopped. */
  | "cancelled";

/** A pooled task failed; `code` says how. */
export class WorkerTaskError extends Error {
  override readonly name = "WorkerTaskError";

  constructor(
    readonly code: WorkerTaskErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** How a pool runs its workers. */
export interface WorkerPoolOptions {
  /** The worker's code (see `workerScriptBeside`); it answers tasks with `serveWorkerTasks`. */
  script: WorkerScript;
  /** What a task does, for messages: "Converting the page to markdown". */
  work: string;
  /** Worker threads (default: 1 on one or two cores, else 2). */
  size?: number;
  /** Deadline per task unless the task gives one. */
  deadlineMs: number;
  /** Heap limit per worker in MB (default 512): a task that needs more fails alone. */
  maxHeapMb?: number;
  /** Node's finer limits for each worker (young generation, stack); `maxHeapMb` wins for the old one. */
  resourceLimits?: WorkerOptions["resourceLimits"];
  /**
   * How long a worker may take to be ready for a task (default 60 s): to load its code, and with
   * `preparesTasks` to prepare each task. Past it the task fails with `worker_failed` and the worker is
   * replaced.
   */
  startTimeoutMs?: number;
  /**
   * The worker prepares for each task off the clock (`serveWorkerTasks`' `prepare`) and says when it
   * starts: the task's deadline counts from then, and only `startTimeoutMs` bounds the preparation.
   */
  preparesTasks?: boolean;
  /**
   * What each worker gets at start (`workerData`), its environment, and whether its output is kept from
   * the process's own (`stdout`/`stderr`: true captures it).
   */
  thread?: Pick<WorkerOptions, "workerData" | "env" | "stdout" | "stderr">;
}

/** How one task runs. */
export interface WorkerRunOptions {
  /** Whose task this is: waiting tasks are served round-robin across keys. Default: one shared key. */
  key?: string;
  /** This task's deadline, instead of the pool's. */
  deadlineMs?: number;
  /** Aborting it cancels the task: queued, it leaves the queue; running, its worker is stopped. */
  signal?: AbortSignal;
}

interface Task<Request, Result> {
  message: WorkerTaskMessage<Request>;
  key: string;
  deadlineMs: number;
  resolve(result: Result): void;
  reject(error: WorkerTaskError): void;
  /** Detaches the abort listener; called once the task is settled. */
  release(): void;
}

interface Slot<Request, Result> {
  worker: Worker | null;
  /** Whether the worker's code has loaded (it said so); a task's deadline starts only then. */
  ready: boolean;
  task: Task<Request, Result> | null;
  timer: NodeJS.Timeout | null;
}

const SHARED_KEY = "";
/** How long a worker may take to load its code, unless the pool says, before it counts as failed. */
const START_TIMEOUT_MS = 60_000;

/** A pool of worker threads that each run one task at a time (see the file comment). */
export class WorkerPool<Request, Result> {
  private readonly slots: Slot<Request, Result>[];
  private readonly queue = new FairQueue<Task<Request, Result>>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    const size = Math.max(1, Math.floor(options.size ?? (availableParallelism() > 2 ? 2 : 1)));
    this.slots = Array.from({ length: size }, () => ({
      worker: null,
      ready: false,
      task: null,
      timer: null,
    }));
  }

  /** How many tasks wait for a worker, over every key. */
  get queued(): number {
    return this.queue.size;
  }

  /**
   * Runs one task in a worker.
   * @throws WorkerTaskError with the code of what went wrong.
   */
  run(request: Request, options: WorkerRunOptions = {}): Promise<Result> {
    if (this.closed) return Promise.reject(closedError());
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(this.cancelledError());
    return new Promise<Result>((resolve, reject) => {
      const task: Task<Request, Result> = {
        message: { id: this.nextId++, request },
        key: options.key ?? SHARED_KEY,
        deadlineMs: options.deadlineMs ?? this.options.deadlineMs,
        resolve,
        reject,
        release: () => signal?.removeEventListener("abort", onAbort),
      };
      const onAbort = () => this.cancel(task);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.queue.push(task.key, task);
      this.dispatch();
    });
  }

  /** Stops every worker; tasks under way or queued reject with `pool_closed`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.drain()) settle(task, closedError());
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker } = slot;
        const task = this.finish(slot);
        if (task) settle(task, closedError());
        slot.worker = null;
        await worker?.terminate();
      }),
    );
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      while (!this.closed && !slot.task && this.queue.size > 0) {
        const task = this.queue.shift()!;
        try {
          slot.worker ??= this.startWorker(slot);
        } catch (error) {
          // No thread for this task; the next queued task tries again (and fails alike, not silently).
          settle(
            task,
            new WorkerTaskError("worker_failed", `Could not start a worker: ${message(error)}`, {
              cause: error,
            }),
          );
          continue;
        }
        slot.task = task;
        if (slot.ready && !this.options.preparesTasks) this.startDeadline(slot, task);
        // A worker still starting (or preparing) has the task waiting in its port; the deadline starts
        // when it is ready (or says it started the task).
        else slot.timer = setTimeout(() => this.failStart(slot), this.startTimeoutMs);
        slot.worker.postMessage(task.message);
      }
    }
  }

  private startWorker(slot: Slot<Request, Result>): Worker {
    const { script, thread, resourceLimits } = this.options;
    const worker = new Worker(script.url, {
      ...thread,
      eval: script.eval,
      // Not the parent's flags: some break a worker (`--input-type` of a `node -e`).
      execArgv: script.execArgv ?? [],
      resourceLimits: { ...resourceLimits, maxOldGenerationSizeMb: this.options.maxHeapMb ?? 512 },
    });
    slot.ready = false;
    worker.on("message", (reply: WorkerReplyMessage<Result> | WorkerReadyMessage | WorkerStartedMessage) => {
      if (slot.worker !== worker) return;
      if ("ready" in reply) {
        slot.ready = true;
        if (slot.task && !this.options.preparesTasks) this.startDeadline(slot, slot.task);
        return;
      }
      if ("started" in reply) {
        if (this.options.preparesTasks && slot.task?.message.id === reply.id)
          this.startDeadline(slot, slot.task);
        return;
      }
      if (slot.task?.message.id !== reply.id) return;
      const task = this.finish(slot)!;
      if (reply.ok) {
        task.release();
        task.resolve(reply.result);
      } else {
        settle(task, new WorkerTaskError("task_failed", reply.message));
      }
      this.dispatch();
    });
    const fail = (reason: string, cause?: unknown) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      const task = this.finish(slot);
      if (task) settle(task, new WorkerTaskError("worker_failed", `The worker ${reason}`, { cause }));
      void worker.terminate();
      this.dispatch();
    };
    worker.on("error", (error) => fail(`failed: ${message(error)}`, error));
    worker.on("exit", (code) => fail(`exited with code ${code}`));
    // An idle worker must not keep the process alive; a busy one is kept alive by its deadline timer.
    // Only after the listeners: on Node 20 a "message" listener added later refs the worker's port again.
    worker.unref();
    return worker;
  }

  private startDeadline(slot: Slot<Request, Result>, task: Task<Request, Result>): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.expire(slot, task), task.deadlineMs);
  }

  /** The worker never said it was ready: its task fails as a worker failure, and a fresh one is started. */
  private failStart(slot: Slot<Request, Result>): void {
    const task = slot.task;
    if (!task) return;
    this.stopRunning(slot);
    settle(
      task,
      new WorkerTaskError("worker_failed", `The worker was not ready within ${this.startTimeoutMs} ms.`),
    );
    this.dispatch();
  }

  private expire(slot: Slot<Request, Result>, task: Task<Request, Result>): void {
    if (slot.task !== task) return;
    this.stopRunning(slot);
    settle(
      task,
      new WorkerTaskError(
        "deadline_exceeded",
        `${this.options.work} took longer than ${task.deadlineMs} ms; it was stopped.`,
      ),
    );
    this.dispatch();
  }

  /** The task's caller went away: drop it from the queue, or stop the worker running it. */
  private cancel(task: Task<Request, Result>): void {
    if (this.queue.remove(task.key, task)) {
      settle(task, this.cancelledError());
      return;
    }
    const slot = this.slots.find((s) => s.task === task);
    if (!slot) return;
    this.stopRunning(slot);
    settle(task, this.cancelledError());
    this.dispatch();
  }

  /** Terminates the slot's worker mid-task and starts a fresh one, so the next task need not wait. */
  private stopRunning(slot: Slot<Request, Result>): void {
    const worker = slot.worker;
    slot.worker = null;
    this.finish(slot);
    void worker?.terminate();
    if (this.closed) return;
    try {
      slot.worker = this.startWorker(slot);
    } catch {
      // dispatch() tries again, and reports the failure, when a task needs the worker.
    }
  }

  /** Frees the slot and returns the task it held. */
  private finish(slot: Slot<Request, Result>): Task<Request, Result> | null {
    const task = slot.task;
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = null;
    slot.timer = null;
    return task;
  }

  private get startTimeoutMs(): number {
    return this.options.startTimeoutMs ?? START_TIMEOUT_MS;
  }

  private cancelledError(): WorkerTaskError {
    return new WorkerTaskError("cancelled", `${this.options.work} was cancelled: its request went away.`);
  }
}

function settle<Request, Result>(task: Task<Request, Result>, error: WorkerTaskError): void {
  task.release();
  task.reject(error);
}

function closedError(): WorkerTaskError {
  return new WorkerTaskError("pool_closed", "The worker pool was shut down.");
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
