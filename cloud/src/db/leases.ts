import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql, type Kysely } from "kysely";
import type { CloudDatabase } from "./database.js";
import type { StoreTables } from "./store-schema.js";

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
   * unended ones. Ended leases of the project and kind are deleted on the way.
   */
  async take(projectId: string, kind: LeaseKind, limit: number, termMs: number): Promise<LeaseTaken> {
    return this.store.db.transaction().execute(async (trx) => {
      // The project's row, locked until the transaction ends: takers of one project queue here, so the
      // count and the insert after it are one step across every instance. NO KEY UPDATE, because it
      // leaves alone the inserts that only reference the project (usage, sessions).
      const project = await trx
        .selectFrom("projects")
        .select(sql<Date>`clock_timestamp()`.as("now"))
        .where("id", "=", projectId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!project) throw new Error(`There is no project ${projectId} to take a lease for.`);
      const now = new Date(project.now);
      const nowText = now.toISOString();
      // One round trip: the ended leases go, the others are counted (both read the same snapshot).
      const { held } = await trx
        .with("ended", (db) =>
          db
            .deleteFrom("leases")
            .where("project_id", "=", projectId)
            .where("kind", "=", kind)
            .where("expires_at", "<=", nowText)
            .returning("id"),
        )
        .selectFrom("leases")
        .select((eb) => eb.fn.countAll<number | string>().as("held"))
        .where("project_id", "=", projectId)
        .where("kind", "=", kind)
        .where("expires_at", ">", nowText)
        .executeTakeFirstOrThrow();
      if (Number(held) >= limit) return { taken: false, held: Number(held) };
      const id = `lse_${randomUUID()}`;
      await trx
        .insertInto("leases")
        .values({
          id,
          project_id: projectId,
          kind,
          holder: this.holder,
          created_at: nowText,
          expires_at: new Date(now.getTime() + termMs).toISOString(),
        })
        .execute();
      return { taken: true, id };
    });
  }

  /** Moves a lease's end to `termMs` from now: work that runs longer than expected keeps counting. */
  async renew(id: string, termMs: number): Promise<void> {
    const now = await databaseNow(this.store.db);
    await this.store.db
      .updateTable("leases")
      .set({ expires_at: new Date(now.getTime() + termMs).toISOString() })
      .where("id", "=", id)
      .execute();
  }

  /** Ends a lease (a lease already ended, or never taken, is no error). */
  async release(id: string): Promise<void> {
    await this.store.db.deleteFrom("leases").where("id", "=", id).execute();
  }

  /** How many unended leases of `kind` the project holds (for tests and operators). */
  async held(projectId: string, kind: LeaseKind): Promise<number> {
    const now = (await databaseNow(this.store.db)).toISOString();
    const { held } = await this.store.db
      .selectFrom("leases")
      .select((eb) => eb.fn.countAll<number | string>().as("held"))
      .where("project_id", "=", projectId)
      .where("kind", "=", kind)
      .where("expires_at", ">", now)
      .executeTakeFirstOrThrow();
    return Number(held);
  }
}

async function databaseNow(db: Kysely<StoreTables>): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(db);
  return new Date(rows[0]!.now);
}
