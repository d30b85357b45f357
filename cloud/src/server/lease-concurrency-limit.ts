import type { CloudDatabase } from "../db/database.js";
import { Leases, type LeaseKind } from "../db/leases.js";
import {
  MemoryConcurrencyLimit,
  limitReached,
  limitUnavailable,
  type ConcurrencyLimit,
} from "./concurrency-limit.js";

/**
 * How long past the work's expected end a lease still counts: the time between the expected end and
 * the answer (writing it, a loaded machine's event loop), so a live request is never uncounted early.
 */
export const LEASE_MARGIN_MS = 30_000;

/**
 * The longest term a lease is taken for, whatever the work expects (a call may ask for a timeout of
 * years): longer work renews it, and a dead process's lease still ends within the hour.
 */
const MAX_LEASE_TERM_MS = 60 * 60_000;

/** One limit of a project, as the server configures it. */
export interface ProjectLimitOptions {
  /** In flight at once per project. */
  limit: number;
  /** What is counted, for the refusal: "fetches". */
  what: string;
  /** The lease kind in a shared store. */
  kind: LeaseKind;
  /** The longest one request's work should take when the caller does not say (a fetch's total timeout). */
  expectedMs: number;
  /** Who holds the leases in the store: this instance's id (default: host, process id and a tag). */
  holder?: string;
  /** How long past `expectedMs` a lease still counts. Default LEASE_MARGIN_MS. */
  marginMs?: number;
  /** Hears of a lease that could not be renewed or released (it ends by itself at its term). */
  onStoreError: (error: unknown, what: string) => void;
}

/**
 * The limit fit for the store: leases in the store when it is Postgres (shared by every instance that
 * names it), else the in-memory count (SQLite is one instance's file, and the count in memory costs
 * nothing).
 */
export function projectConcurrencyLimit(
  store: CloudDatabase,
  options: ProjectLimitOptions,
): ConcurrencyLimit {
  return store.kind === "postgres"
    ? new LeaseConcurrencyLimit(new Leases(store, options.holder), options)
    : new MemoryConcurrencyLimit(options.limit, options.what);
}

/**
 * The count kept as leases in a shared store. A request takes a lease before its work (refused past the
 * limit) and deletes it when the work ends however it ends — an answer, an error, the caller hanging up.
 * A lease lasts the work's expected time plus a margin, renewed while longer work (a model call, which
 * has no bound of its own) still runs; the lease of a process that died ends by itself at its term.
 */
export class LeaseConcurrencyLimit implements ConcurrencyLimit {
  constructor(
    private readonly leases: Leases,
    private readonly options: ProjectLimitOptions,
  ) {}

  async run<T>(projectId: string, work: () => Promise<T>, run: { expectedMs?: number } = {}): Promise<T> {
    const { limit, what, kind, onStoreError } = this.options;
    const expectedMs = run.expectedMs ?? this.options.expectedMs;
    const termMs = Math.min(expectedMs + (this.options.marginMs ?? LEASE_MARGIN_MS), MAX_LEASE_TERM_MS);
    let lease;
    try {
      lease = await this.leases.take(projectId, kind, limit, termMs);
    } catch (error) {
      throw limitUnavailable(what, error);
    }
    if (!lease.taken) throw limitReached(lease.held, what);
    const id = lease.id;
    let renewing = false;
    const renewal = setInterval(() => {
      // One renewal at a time: a slow database does not pile them up.
      if (renewing) return;
      renewing = true;
      this.leases
        .renew(id, termMs)
        .catch((error: unknown) => onStoreError(error, `renewing the ${kind} lease ${id} failed`))
        .finally(() => (renewing = false));
    }, termMs / 2);
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      // Awaited: the caller's next request, sent the moment this answer arrives, must find the slot free.
      await this.leases
        .release(id)
        .catch((error: unknown) =>
          onStoreError(error, `releasing the ${kind} lease ${id} failed; it ends at its term`),
        );
    }
  }
}
