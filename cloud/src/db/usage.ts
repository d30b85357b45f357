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
  /** Model input tokens (json fetches, extract, act); 0 where no model was asked. */
  inputTokens: number;
  /** Model output tokens. */
  outputTokens: number;
}

/** One request, as it is counted. */
export interface UsageEntry {
  /** `"ok"`, or the error code the caller saw. */
  outcome: string;
  /** Default 1. */
  units?: number;
  bytes?: number;
  /** The model tokens the request used, failed or not (a request that failed after the model answered spent them). */
  inputTokens?: number;
  outputTokens?: number;
}

/** How long recorded usage may wait in memory before it is written. */
const FLUSH_INTERVAL_MS = 200;

type Row = [
  projectId: string,
  kind: UsageKind,
  units: number,
  bytes: number,
  inputTokens: number,
  outputTokens: number,
  outcome: string,
  createdAt: string,
];

/**
 * Records usage against projects and sums it up. Rows are written in batches, one transaction every
 * 200 ms: a write of its own per request cost milliseconds of file locking and journaling, most of a
 * fetch's time on the server. A reading of the totals writes what is pending first, so it is always
 * exact; a crash can lose at most the last 200 ms of counts.
 */
export class UsageLedger {
  private pending: Row[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: CloudDatabase) {}

  /** Counts one request of a project. */
  record(projectId: string, kind: UsageKind, entry: UsageEntry): void {
    this.pending.push([
      projectId,
      kind,
      entry.units ?? 1,
      entry.bytes ?? 0,
      entry.inputTokens ?? 0,
      entry.outputTokens ?? 0,
      entry.outcome,
      new Date().toISOString(),
    ]);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
      // Pending counts never keep a process alive; close() writes them.
      this.timer.unref();
    }
  }

  /** Writes pending rows now (also on close). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending.length) return;
    const rows = this.pending;
    this.pending = [];
    const insert = this.db.prepare(
      "insert into usage_events (project_id, kind, units, bytes, input_tokens, output_tokens, outcome, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    this.db.exec("begin;");
    try {
      for (const row of rows) insert.run(row);
      this.db.exec("commit;");
    } catch (error) {
      this.db.exec("rollback;");
      this.pending.unshift(...rows);
      throw error;
    } finally {
      insert.finalize();
    }
  }

  /** A project's totals by kind. */
  totals(projectId: string): Record<string, UsageTotals> {
    this.flush();
    const rows = this.db.all(
      `select kind, count(*) as count, sum(case when outcome = 'ok' then 1 else 0 end) as succeeded,
              sum(units) as units, sum(bytes) as bytes,
              sum(input_tokens) as inputTokens, sum(output_tokens) as outputTokens
       from usage_events where project_id = ? group by kind order by kind`,
      [projectId],
    ) as unknown as ({ kind: string } & UsageTotals)[];
    const out: Record<string, UsageTotals> = {};
    for (const { kind, ...totals } of rows) out[kind] = totals;
    return out;
  }
}
