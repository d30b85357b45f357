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
