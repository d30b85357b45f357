import type { KeyHolder } from "../db/api-keys.js";
import type { CloudDatabase } from "../db/database.js";
import type { EndReason, SessionState } from "./session-state.js";

interface Row {
  id: string;
  region: string;
  createdAt: string;
  endedAt: string | null;
  endReason: EndReason | null;
}

/**
 * Sessions as rows, so `GET /v1/sessions/:id` answers for a session that ended long ago (or before a
 * restart) and the record of who ran what outlives the process.
 */
export class SessionStore {
  constructor(private readonly db: CloudDatabase) {}

  insert(holder: KeyHolder, state: SessionState, blockAds: boolean): void {
    this.db.run(
      "insert into sessions (id, project_id, key_id, region, block_ads, created_at) values (?, ?, ?, ?, ?, ?)",
      [state.id, holder.project.id, holder.keyId, state.region, blockAds ? 1 : 0, state.createdAt],
    );
  }

  end(id: string, endedAt: string, reason: EndReason): void {
    this.db.run("update sessions set ended_at = ?, end_reason = ? where id = ? and ended_at is null", [
      endedAt,
      reason,
      id,
    ]);
  }

  /** The session of this project with this id; another project's is undefined, as if it did not exist. */
  find(projectId: string, id: string): SessionState | undefined {
    const row = this.db.get(
      `select id, region, created_at as createdAt, ended_at as endedAt, end_reason as endReason
       from sessions where id = ? and project_id = ?`,
      [id, projectId],
    ) as Row | null;
    if (!row) return undefined;
    return {
      id: row.id,
      region: row.region,
      createdAt: row.createdAt,
      status: row.endedAt ? "ENDED" : "RUNNING",
      ...(row.endedAt ? { endedAt: row.endedAt } : {}),
      ...(row.endReason ? { endReason: row.endReason } : {}),
    };
  }

  /**
   * Sessions left RUNNING by a server that stopped without ending them (killed, crashed): their browsers
   * died with it, so they are recorded as ended by the shutdown.
   */
  endOrphans(now: string): void {
    this.db.run("update sessions set ended_at = ?, end_reason = 'server_shutdown' where ended_at is null", [
      now,
    ]);
  }
}
