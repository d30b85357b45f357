/**
 * The worker side of a pool: answers each task the pool sends with `handle`'s result, one at a time.
 * A task that runs too long is not this side's concern: the pool terminates the whole thread.
 */
import { parentPort } from "node:worker_threads";
import type { WorkerReadyMessage, WorkerReplyMessage, WorkerTaskMessage } from "./worker-messages.js";

/**
 * Serves the pool's tasks in this worker thread.
 *
 * @param handle - Turns one request into its result; what it throws becomes the task's failure message.
 */
export function serveWorkerTasks<Request, Result>(handle: (request: Request) => Result): void {
  const port = parentPort;
  if (!port) throw new Error("serveWorkerTasks runs in a worker thread started by a WorkerPool.");
  port.on("message", (task: WorkerTaskMessage<Request>) => {
    let reply: WorkerReplyMessage<Result>;
    try {
      reply = { id: task.id, ok: true, result: handle(task.request) };
    } catch (error) {
      reply = { id: task.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies WorkerReadyMessage);
}
