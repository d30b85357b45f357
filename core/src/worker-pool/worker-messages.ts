/** The envelope every pooled worker speaks: one request in, one reply out, matched by `id`. */

/** From the pool to a worker. */
export interface WorkerTaskMessage<Request> {
  id: number;
  request: Request;
}

/** From a worker to the pool: the task's result, or the message of what it threw. */
export type WorkerReplyMessage<Result> =
  { id: number; ok: true; result: Result } | { id: number; ok: false; message: string };
