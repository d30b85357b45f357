import { serviceError } from "./service-error.js";

/**
 * How many requests of one kind a project may have in flight at once. Past the limit a request is
 * refused at once with 429 `rate_limited` rather than queued: a caller that hammers the service learns
 * so immediately and can back off.
 */
export class ConcurrencyLimit {
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly what: string,
  ) {}

  /** Runs `work` counted against `projectId`, or throws `rate_limited` when the project is at its limit. */
  async run<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    const current = this.inFlight.get(projectId) ?? 0;
    if (current >= this.limit) {
      throw serviceError(
        "rate_limited",
        `This project already has ${current} ${this.what} in flight, the most allowed at once. Wait for one to finish and retry.`,
      );
    }
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
