import type { CloudDatabase } from "../db/database.js";

/**
 * Server-side extract results by cache key, per project (one project never reads another's entries).
 * Entries older than the time to live are neither read nor kept: pages that look the same can still
 * mean something new (prices, dates) past a day.
 */
export class ExtractCache {
  constructor(
    private readonly db: CloudDatabase,
    private readonly ttlMs: number,
  ) {}

  /** The stored result for a key (wrapped, since a result may itself be null), or undefined. */
  get(projectId: string, key: string): { result: unknown } | undefined {
    const row = this.db.get(
      "select result from extract_cache where project_id = ? and key = ? and created_at >= ?",
      [projectId, key, this.oldest()],
    ) as { result: string } | null;
    return row ? { result: JSON.parse(row.result) as unknown } : undefined;
  }

  /** Stores a result (replacing an expired one), and drops expired entries of every project. */
  put(projectId: string, key: string, result: unknown): void {
    const oldest = this.oldest();
    this.db.run("delete from extract_cache where created_at < ?", [oldest]);
    this.db.run(
      "insert or replace into extract_cache (project_id, key, result, created_at) values (?, ?, ?, ?)",
      [projectId, key, JSON.stringify(result), new Date().toISOString()],
    );
  }

  private oldest(): string {
    return new Date(Date.now() - this.ttlMs).toISOString();
  }
}
