/** The envelope every pooled worker speaks: one request in, one reply out, matched by `id`. */

/** From the pool to a worker. */
export interface WorkerTaskMessage<Request> {
  id: number;
  request: Request;
}

/** From a worker to the pool: the task's result, or the message of what it threw. */
export type WorkerReplyMessage<Result> =
  { id: number; ok: true; result: Result } | { id: number; ok: false; message: string };

/**
 * From a worker to the pool, once, when its code has loaded: deadlines count from here, so a slow
 * thread start (loading a compiler from TypeScript sources on a busy machine) is not charged to a task.
 */
export interface WorkerReadyMessage {
  ready: true;
}

/**
 * From a worker to the pool, for each task, when the pool's `preparesTasks` is set: the worker has done
 * its preparation for the task (see `serveWorkerTasks`' `prepare`) and starts it; its deadline counts
 * from here.
 */
export interface WorkerStartedMessage {
  id: number;
  started: true;
}
