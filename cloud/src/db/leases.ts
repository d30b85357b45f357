import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql, type RawBuilder } from "kysely";
import type { CloudDatabase } from "./database.js";

/** What a lease counts: a fetch, or a server-side extract or act on a hosted session. */
export type LeaseKind = "fetch" | "session-call";

/** What taking a lease came to: the lease, or how many the project already holds. */
export type LeaseTaken = { taken: true; id: string } | { taken: false; held: number };

/**
 * Leases in a shared Postgres store: how a project's work in flight is counted when several instances
 * serve it. A lease is a row with an end (`expires_at`): its holder deletes it when the work ends, and a
 * holder that died without doing so stops counting at that end — nothing has to notice the death.
 *
 * Times are read from the database's clock, never an instance's, so instances whose clocks disagree
 * still agree on which leases have ended.
 */
export class Leases {
  /** Who takes leases through this object: an instance's id, else host, process id and a random tag. */
  readonly holder: string;

  constructor(
    private readonly store: CloudDatabase,
    holder?: string,
  ) {
    // Row locks and the database clock below are Postgres's; on SQLite one process serves a file and
    // counts in memory (see MemoryConcurrencyLimit).
    if (store.kind !== "postgres")
      throw new Error(`Leases are kept in a shared Postgres store, not in ${store.kind}.`);
    this.holder = holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  /**
   * Takes a lease of `kind` for `projectId` ending in `termMs`, unless the project already holds `limit`
   * unended ones. Ended leases of the project and kind are deleted on the way. One round trip: the
   * store's `loupe_take_lease` (migration 7) locks the project's row, so takers of one project queue
   * there and the count and the insert after it are one step across every instance.
   */
  async take(projectId: string, kind: LeaseKind, limit: number, termMs: number): Promise<LeaseTaken> {
    const id = `lse_${randomUUID()}`;
    const { rows } = await sql<{ found: boolean; held: number | string; taken: boolean }>`
      select found, held, taken from loupe_take_lease(
        ${projectId}, ${kind}, ${limit}::integer, ${termMs}::double precision, ${id}, ${this.holder})`.execute(
      this.store.db,
    );
    const answer = rows[0];
    if (!answer?.found) throw new Error(`There is no project ${projectId} to take a lease for.`);
    return answer.taken ? { taken: true, id } : { taken: false, held: Number(answer.held) };
  }

  /** Moves a lease's end to `termMs` from now: work that runs longer than expected keeps counting. */
  async renew(id: string, termMs: number): Promise<void> {
    await this.store.db
      .updateTable("leases")
      .set({ expires_at: databaseTimeIn(termMs) })
      .where("id", "=", id)
      .execute();
  }

  /** Ends a lease (a lease already ended, or never taken, is no error). */
  async release(id: string): Promise<void> {
    await this.store.db.deleteFrom("leases").where("id", "=", id).execute();
  }

  /** How many unended leases of `kind` the project holds (for tests and operators). */
  async held(projectId: string, kind: LeaseKind): Promise<number> {
    const { held } = await this.store.db
      .selectFrom("leases")
      .select((eb) => eb.fn.countAll<number | string>().as("held"))
      .where("project_id", "=", projectId)
      .where("kind", "=", kind)
      .where("expires_at", ">", databaseTimeIn(0))
      .executeTakeFirstOrThrow();
    return Number(held);
  }
}

/**
 * The database's clock `ms` from now, as the text the lease columns hold (JavaScript's `toISOString()`
 * format, which `loupe_take_lease` writes too), computed in the statement that uses it.
 */
function databaseTimeIn(ms: number): RawBuilder<string> {
  return sql<string>`to_char((clock_timestamp() + ${ms}::double precision * interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
