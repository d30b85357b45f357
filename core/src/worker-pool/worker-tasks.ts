/**
 * The worker side of a pool: answers each task the pool sends with `handle`'s result, one at a time.
 * A task that runs too long is not this side's concern: the pool terminates the whole thread.
 */
import { parentPort } from "node:worker_threads";
import type {
  WorkerReadyMessage,
  WorkerReplyMessage,
  WorkerStartedMessage,
  WorkerTaskMessage,
} from "./worker-messages.js";

/** How a worker serves its tasks. */
export interface ServeWorkerTasksOptions {
  /**
   * Work done before each task and not on its clock (a fresh sandbox made ready between tasks): the
   * worker tells the pool once it is done, and the task's deadline starts then. Only for a pool with
   * `preparesTasks`, which bounds it by its start limit instead.
   */
  prepare?: () => unknown;
}

/**
 * Serves the pool's tasks in this worker thread.
 *
 * @param handle - Turns one request into its result (or a promise of it); what it throws or rejects
 *   with becomes the task's failure message.
 * @param options - See `ServeWorkerTasksOptions`.
 */
export function serveWorkerTasks<Request, Result>(
  handle: (request: Request) => Result | Promise<Result>,
  options: ServeWorkerTasksOptions = {},
): void {
  const port = parentPort;
  if (!port) throw new Error("serveWorkerTasks runs in a worker thread started by a WorkerPool.");
  const { prepare } = options;
  // The pool sends a worker one task at a time; the chain keeps that true for any other sender too.
  let chain: Promise<void> = Promise.resolve();
  const serve = async (task: WorkerTaskMessage<Request>): Promise<WorkerReplyMessage<Result>> => {
    try {
      if (prepare) {
        await prepare();
        port.postMessage({ id: task.id, started: true } satisfies WorkerStartedMessage);
      }
      return { id: task.id, ok: true, result: await handle(task.request) };
    } catch (error) {
      return { id: task.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  };
  port.on("message", (task: WorkerTaskMessage<Request>) => {
    chain = chain.then(async () => port.postMessage(await serve(task)));
  });
  port.postMessage({ ready: true } satisfies WorkerReadyMessage);
}
