import type { KeyHolder } from "../db/api-keys.js";
import type { CloudDatabase } from "../db/database.js";
import type { EndReason, SessionState } from "./session-state.js";

/**
 * Sessions as rows, so `GET /v1/sessions/:id` answers for a session that ended long ago (or before a
 * restart) and the record of who ran what outlives the process.
 */
export class SessionStore {
  constructor(private readonly store: CloudDatabase) {}

  async insert(holder: KeyHolder, state: SessionState, blockAds: boolean): Promise<void> {
    await this.store.db
      .insertInto("sessions")
      .values({
        id: state.id,
        project_id: holder.project.id,
        key_id: holder.keyId,
        region: state.region,
        block_ads: blockAds ? 1 : 0,
        created_at: state.createdAt,
      })
      .execute();
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
    const row = await this.store.db
      .selectFrom("sessions")
      .select(["id", "region", "created_at as createdAt", "ended_at as endedAt", "end_reason as endReason"])
      .where("id", "=", id)
      .where("project_id", "=", projectId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      region: row.region,
      createdAt: row.createdAt,
      status: row.endedAt ? "ENDED" : "RUNNING",
      ...(row.endedAt ? { endedAt: row.endedAt } : {}),
      ...(row.endReason ? { endReason: row.endReason as EndReason } : {}),
    };
  }

  /**
   * Sessions left RUNNING by a server that stopped without ending them (killed, crashed): their browsers
   * died with it, so they are recorded as ended by the shutdown.
   */
  async endOrphans(now: string): Promise<void> {
    await this.store.db
      .updateTable("sessions")
      .set({ ended_at: now, end_reason: "server_shutdown" })
      .where("ended_at", "is", null)
      .execute();
  }
}
