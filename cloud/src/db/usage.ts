import { sql, type Insertable } from "kysely";
import type { CloudDatabase } from "./database.js";
import type { StoreTables } from "./store-schema.js";

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
/** Rows per insert statement: SQLite takes at most 32,766 bound values in one (8 per row here). */
const ROWS_PER_INSERT = 500;

type Row = Insertable<StoreTables["usage_events"]>;

/**
 * Records usage against projects and sums it up. Rows are written in batches, one transaction every
 * 200 ms: a write of its own per request cost milliseconds of file locking and journaling, most of a
 * fetch's time on the server. A reading of the totals writes what is pending first, so it is always
 * exact; a crash can lose at most the last 200 ms of counts. Writes happen one batch at a time, in order.
 */
export class UsageLedger {
  private pending: Row[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The batch being written, if any; the next one waits for it. */
  private writing: Promise<void> = Promise.resolve();

  /** `onFlushError` hears of a batch the timer could not write (it is kept and written with the next). */
  constructor(
    private readonly store: CloudDatabase,
    private readonly onFlushError: (error: unknown) => void = () => undefined,
  ) {}

  /** Counts one request of a project. */
  record(projectId: string, kind: UsageKind, entry: UsageEntry): void {
    this.pending.push({
      project_id: projectId,
      kind,
      units: entry.units ?? 1,
      bytes: entry.bytes ?? 0,
      input_tokens: entry.inputTokens ?? 0,
      output_tokens: entry.outputTokens ?? 0,
      outcome: entry.outcome,
      created_at: new Date().toISOString(),
    });
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush().catch(this.onFlushError), FLUSH_INTERVAL_MS);
      // Pending counts never keep a process alive; close() writes them.
      this.timer.unref();
    }
  }

  /** Writes pending rows now (also on close); resolves when they, and any batch before them, are written. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending;
    this.pending = [];
    const written = this.writing.then(() => (rows.length ? this.write(rows) : undefined));
    this.writing = written.catch(() => undefined);
    return written;
  }

  /** A project's totals by kind. */
  async totals(projectId: string): Promise<Record<string, UsageTotals>> {
    await this.flush();
    const rows = await this.store.db
      .selectFrom("usage_events")
      .select((eb) => [
        "kind",
        eb.fn.countAll().as("count"),
        eb.fn.sum<number>(sql`case when outcome = 'ok' then 1 else 0 end`).as("succeeded"),
        eb.fn.sum<number>("units").as("units"),
        eb.fn.sum<number>("bytes").as("bytes"),
        eb.fn.sum<number>("input_tokens").as("inputTokens"),
        eb.fn.sum<number>("output_tokens").as("outputTokens"),
      ])
      .where("project_id", "=", projectId)
      .groupBy("kind")
      .orderBy("kind")
      .execute();
    const out: Record<string, UsageTotals> = {};
    // Postgres answers counts and sums of bigints as strings (node-postgres keeps their full range).
    for (const { kind, ...totals } of rows)
      out[kind] = {
        count: Number(totals.count),
        succeeded: Number(totals.succeeded),
        units: Number(totals.units),
        bytes: Number(totals.bytes),
        inputTokens: Number(totals.inputTokens),
        outputTokens: Number(totals.outputTokens),
      };
    return out;
  }

  private async write(rows: Row[]): Promise<void> {
    try {
      await this.store.db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
          await trx
            .insertInto("usage_events")
            .values(rows.slice(i, i + ROWS_PER_INSERT))
            .execute();
      });
    } catch (error) {
      // Kept for the next batch: a busy or briefly unreachable database loses no counts.
      this.pending.unshift(...rows);
      throw error;
    }
  }
}
