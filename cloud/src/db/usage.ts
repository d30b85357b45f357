import type { CloudDatabase } from "./database.js";

/** What is counted: fetches now; sessions, extract and act with hosted sessions. */
export type UsageKind = "fetch" | "session" | "extract" | "act";

/** One kind's totals for a project. */
export interface UsageTotals {
  /** How many requests of this kind. */
  count: number;
  /** Of which succeeded. */
  succeeded: number;
  /** Kind-specific units (e.g. session seconds); equal to `count` where a request is one unit. */
  units: number;
  /** Bytes delivered (fetch: content bytes). */
  bytes: number;
}

/** Records usage against projects and sums it up. */
export class UsageLedger {
  constructor(private readonly db: CloudDatabase) {}

  /** Counts one request of a project. */
  record(
    projectId: string,
    kind: UsageKind,
    entry: { outcome: string; units?: number; bytes?: number },
  ): void {
    this.db.run(
      "insert into usage_events (project_id, kind, units, bytes, outcome, created_at) values (?, ?, ?, ?, ?, ?)",
      [projectId, kind, entry.units ?? 1, entry.bytes ?? 0, entry.outcome, new Date().toISOString()],
    );
  }

  /** A project's totals by kind. */
  totals(projectId: string): Record<string, UsageTotals> {
    const rows = this.db.all(
      `select kind, count(*) as count, sum(case when outcome = 'ok' then 1 else 0 end) as succeeded,
              sum(units) as units, sum(bytes) as bytes
       from usage_events where project_id = ? group by kind order by kind`,
      [projectId],
    ) as { kind: string; count: number; succeeded: number; units: number; bytes: number }[];
    const out: Record<string, UsageTotals> = {};
    for (const row of rows) {
      out[row.kind] = { count: row.count, succeeded: row.succeeded, units: row.units, bytes: row.bytes };
    }
    return out;
  }
}
