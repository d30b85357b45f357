import { sql } from "kysely";
import type { KeyHolder } from "../db/api-keys.js";
import type { CloudDatabase } from "../db/database.js";
import type { EndReason, SessionState } from "./session-state.js";

/** Where a session is recorded to run, besides its state. */
export interface StoredSession {
  state: SessionState;
  /** The instance running its browser; null on rows from before instances. */
  instanceId: string | null;
}

/** What a reservation needs besides the session. */
export interface Reservation {
  /** The instance that will run the browser. */
  instanceId: string | null;
  /** Sessions the project may have RUNNING at once, on all instances together. */
  maxPerProject: number;
}

/**
 * Sessions as rows, so `GET /v1/sessions/:id` answers for a session that ended long ago (or before a
 * restart), the record of who ran what outlives the process, and every instance sharing the store sees
 * which instance runs a session and how many a project has running.
 */
export class SessionStore {
  constructor(private readonly store: CloudDatabase) {}

  /**
   * Records a session as RUNNING if its project has fewer than `maxPerProject` RUNNING on all instances,
   * counted and inserted in one transaction. On Postgres the project's row is locked first (`FOR
   * UPDATE`), so two instances creating at once take turns and cannot both pass the limit; SQLite has
   * one writer at a time anyway. The row goes in before the browser is launched (which takes a while):
   * the launch counts against the limit from the start, and a failed one removes the row (`remove`).
   * @returns undefined when recorded; the number running when the project is at its limit.
   */
  async reserve(holder: KeyHolder, state: SessionState, blockAds: boolean, reservation: Reservation) {
    const projectId = holder.project.id;
    return this.store.db.transaction().execute(async (trx) => {
      if (this.store.kind === "postgres")
        await trx.selectFrom("projects").select("id").where("id", "=", projectId).forUpdate().execute();
      const { running } = await trx
        .selectFrom("sessions")
        .select(sql<number | string>`count(*)`.as("running"))
        .where("project_id", "=", projectId)
        .where("ended_at", "is", null)
        .executeTakeFirstOrThrow();
      if (Number(running) >= reservation.maxPerProject) return Number(running);
      await trx
        .insertInto("sessions")
        .values({
          id: state.id,
          project_id: projectId,
          key_id: holder.keyId,
          region: state.region,
          block_ads: blockAds ? 1 : 0,
          created_at: state.createdAt,
          instance_id: reservation.instanceId,
        })
        .execute();
      return undefined;
    });
  }

  /** Removes a reservation whose browser never started: it was never a session anyone could use. */
  async remove(id: string): Promise<void> {
    await this.store.db.deleteFrom("sessions").where("id", "=", id).execute();
  }

  async end(id: string, endedAt: string, reason: EndReason): Promise<void> {
    await this.store.db
      .updateTable("sessions")
      .set({ ended_at: endedAt, end_reason: reason })
      .where("id", "=", id)
      .where("ended_at", "is", null)
      .execute();
  }

  /** The session of this project with this id; another project's is undefined, as if it did not exist. */
  async find(projectId: string, id: string): Promise<SessionState | undefined> {
    return (await this.locate(projectId, id))?.state;
  }

  /** `find`, with the instance that runs the session. */
  async locate(projectId: string, id: string): Promise<StoredSession | undefined> {
    const row = await this.store.db
      .selectFrom("sessions")
      .select([
        "id",
        "region",
        "created_at as createdAt",
        "ended_at as endedAt",
        "end_reason as endReason",
        "instance_id as instanceId",
      ])
      .where("id", "=", id)
      .where("project_id", "=", projectId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      instanceId: row.instanceId,
      state: {
        id: row.id,
        region: row.region,
        createdAt: row.createdAt,
        status: row.endedAt ? "ENDED" : "RUNNING",
        ...(row.endedAt ? { endedAt: row.endedAt } : {}),
        ...(row.endReason ? { endReason: row.endReason as EndReason } : {}),
      },
    };
  }

  /** The ids of the sessions the store has RUNNING on an instance. */
  async runningOn(instanceId: string): Promise<string[]> {
    const rows = await this.store.db
      .selectFrom("sessions")
      .select("id")
      .where("instance_id", "=", instanceId)
      .where("ended_at", "is", null)
      .execute();
    return rows.map((row) => row.id);
  }
}
