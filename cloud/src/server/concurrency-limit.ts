import { ServiceError, serviceError } from "../errors/service-error.js";

/**
 * How many requests of one kind a project may have in flight at once. Past the limit a request is
 * refused at once with 429 `rate_limited` rather than queued: a caller that hammers the service learns
 * so immediately and can back off.
 *
 * Two implementations, chosen by the store (see `projectConcurrencyLimit`): a counter in this process's
 * memory where one process serves the store (SQLite, the local fetcher), and leases in the store where
 * several instances share it (Postgres).
 */
export interface ConcurrencyLimit {
  /**
   * Runs `work` counted against `projectId`, or throws `rate_limited` when the project is at its limit.
   * `expectedMs` is the longest the work should take (a shared store keeps its count that long, and
   * longer while the work still runs).
   */
  run<T>(projectId: string, work: () => Promise<T>, options?: { expectedMs?: number }): Promise<T>;
}

/** The refusal past the limit, the same whichever implementation counted. */
export function limitReached(held: number, what: string): ServiceError {
  return serviceError(
    "rate_limited",
    `This project already has ${held} ${what} in flight, the most allowed at once. Wait for one to finish and retry.`,
  );
}

/**
 * The answer when the shared store could not count a request: 503, with the cause kept for the server's
 * log (the error handler logs it with the request id) and out of the answer, which never carries a stack
 * or the database's address.
 */
export function limitUnavailable(what: string, cause: unknown): ServiceError {
  const error = new ServiceError(
    503,
    "rate_limited",
    `The service could not count this request against the project's limit on ${what} in flight: its database did not answer. Retry in a few seconds; the server's log has the cause under this request id.`,
  );
  error.cause = cause;
  return error;
}

/** The count in this process's memory: exact and free when one process serves the project. */
export class MemoryConcurrencyLimit implements ConcurrencyLimit {
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly what: string,
  ) {}

  async run<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    const current = this.inFlight.get(projectId) ?? 0;
    if (current >= this.limit) throw limitReached(current, this.what);
    this.inFlight.set(projectId, current + 1);
    try {
      return await work();
    } finally {
      const left = (this.inFlight.get(projectId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(projectId, left);
      else this.inFlight.delete(projectId);
    }
  }
}
