import type { CloudDatabase } from "../db/database.js";

/**
 * Server-side extract results by cache key, per project (one project never reads another's entries).
 * Entries older than the time to live are neither read nor kept: pages that look the same can still
 * mean something new (prices, dates) past a day.
 */
export class ExtractCache {
  constructor(
    private readonly store: CloudDatabase,
    private readonly ttlMs: number,
  ) {}

  /** The stored result for a key (wrapped, since a result may itself be null), or undefined. */
  async get(projectId: string, key: string): Promise<{ result: unknown } | undefined> {
    const row = await this.store.db
      .selectFrom("extract_cache")
      .select("result")
      .where("project_id", "=", projectId)
      .where("key", "=", key)
      .where("created_at", ">=", this.oldest())
      .executeTakeFirst();
    return row ? { result: JSON.parse(row.result) as unknown } : undefined;
  }

  /** Stores a result (replacing an expired one), and drops expired entries of every project. */
  async put(projectId: string, key: string, result: unknown): Promise<void> {
    const { db } = this.store;
    await db.deleteFrom("extract_cache").where("created_at", "<", this.oldest()).execute();
    const entry = { result: JSON.stringify(result), created_at: new Date().toISOString() };
    await db
      .insertInto("extract_cache")
      .values({ project_id: projectId, key, ...entry })
      .onConflict((conflict) => conflict.columns(["project_id", "key"]).doUpdateSet(entry))
      .execute();
  }

  private oldest(): string {
    return new Date(Date.now() - this.ttlMs).toISOString();
  }
}
