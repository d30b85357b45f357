/**
 * `@loupe/core/worker-pool`: worker threads for CPU work that input can make long, with a deadline per
 * task, per-key fairness and cancellation. A subpath of its own so a worker thread loads this and not
 * the whole engine. Not part of the SDK's stable surface.
 */
export {
  WorkerPool,
  WorkerTaskError,
  type WorkerPoolOptions,
  type WorkerRunOptions,
  type WorkerTaskErrorCode,
} from "./worker-pool.js";
export { serveWorkerTasks } from "./worker-tasks.js";
export { workerScriptBeside, type WorkerScript } from "./worker-script.js";
