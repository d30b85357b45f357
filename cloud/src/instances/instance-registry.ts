import { randomUUID } from "node:crypto";
import type { CloudDatabase } from "../db/database.js";

/** An instance is dead once its last heartbeat is this many of its own intervals old. */
export const MISSED_HEARTBEATS = 3;
/** How long a stopped instance's row is kept (its sessions keep its id after the row goes). */
const STOPPED_ROW_KEPT_MS = 7 * 24 * 60 * 60_000;

/** Another instance as the store knows it. */
export interface InstanceRecord {
  id: string;
  url: string;
  /** False once it stopped, or its heartbeat is MISSED_HEARTBEATS intervals old. */
  alive: boolean;
}

/** What the heartbeat loop tells the server. */
export interface HeartbeatHooks {
  /**
   * Another instance found this one dead (its heartbeats did not reach the store in time: a long pause,
   * a store outage) and ended its sessions in the store: the browsers still running here must end too.
   */
  onDeclaredDead(): Promise<void>;
  /** After each beat and sweep: the server reconciles its own sessions with the store. */
  afterBeat(): Promise<void>;
  onError(error: unknown): void;
}

/**
 * This instance's place among the instances sharing a store: it registers the address the others
 * forward its sessions' requests to, heartbeats every `heartbeatMs`, and on each beat sweeps: any
 * instance whose heartbeat is MISSED_HEARTBEATS of its own intervals old (or that stopped) is dead, its
 * RUNNING sessions are recorded as ended (`server_shutdown`) and the instance as stopped. Every live
 * instance sweeps, so one dying is noticed as long as one other lives; the updates are idempotent, so
 * two sweeping at once agree. Times are each instance's clock: instances' clocks must agree to well
 * within an interval (NTP does).
 */
export class InstanceRegistry {
  readonly id = `ins_${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;

  constructor(
    private readonly store: CloudDatabase,
    readonly heartbeatMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records this instance as started and reachable at `url` (empty until it listens: `setUrl`). */
  async register(url: string): Promise<void> {
    const at = this.isoNow();
    await this.store.db
      .insertInto("instances")
      .values({
        id: this.id,
        url,
        heartbeat_ms: this.heartbeatMs,
        started_at: at,
        heartbeat_at: at,
        stopped_at: null,
      })
      .execute();
  }

  /** Records the address this instance is reached by, once it is known (it listens). */
  async setUrl(url: string): Promise<void> {
    await this.store.db.updateTable("instances").set({ url }).where("id", "=", this.id).execute();
  }

  /**
   * One heartbeat. Resolves false when this instance had been declared dead meanwhile (its row is
   * stopped): it is alive again from this beat on, and the caller ends what the store already ended.
   */
  async beat(): Promise<boolean> {
    const at = this.isoNow();
    const result = await this.store.db
      .updateTable("instances")
      .set({ heartbeat_at: at })
      .where("id", "=", this.id)
      .where("stopped_at", "is", null)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return true;
    await this.store.db
      .updateTable("instances")
      .set({ heartbeat_at: at, stopped_at: null })
      .where("id", "=", this.id)
      .execute();
    return false;
  }

  /** Finds the dead instances, ends their sessions and marks them stopped; answers their ids. */
  async sweep(): Promise<string[]> {
    const rows = await this.store.db
      .selectFrom("instances")
      .select(["id", "url", "heartbeat_ms", "heartbeat_at", "stopped_at"])
      .where("stopped_at", "is", null)
      .where("id", "!=", this.id)
      .execute();
    const dead = rows.filter((row) => !this.isAlive(row)).map((row) => row.id);
    for (const id of dead) await this.endInstance(id);
    const pruneBefore = new Date(this.now() - STOPPED_ROW_KEPT_MS).toISOString();
    await this.store.db.deleteFrom("instances").where("stopped_at", "<", pruneBefore).execute();
    return dead;
  }

  /**
   * Records a dead instance's RUNNING sessions as ended by the shutdown and the instance as stopped, in
   * one transaction: nobody sees it stopped with sessions still running. Each session's time is metered
   * (`session` usage, as its instance would have on ending it) up to that instance's last heartbeat, the
   * last moment it is known to have run; only the sessions this transaction ended are metered, so two
   * instances sweeping at once count each once.
   */
  async endInstance(id: string): Promise<void> {
    const at = this.isoNow();
    await this.store.db.transaction().execute(async (trx) => {
      const instance = await trx
        .selectFrom("instances")
        .select("heartbeat_at")
        .where("id", "=", id)
        .executeTakeFirst();
      const ended = await trx
        .updateTable("sessions")
        .set({ ended_at: at, end_reason: "server_shutdown" })
        .where("instance_id", "=", id)
        .where("ended_at", "is", null)
        .returning(["project_id", "created_at"])
        .execute();
      const lastSeen = Date.parse(instance?.heartbeat_at ?? at);
      if (ended.length)
        await trx
          .insertInto("usage_events")
          .values(
            ended.map((session) => ({
              project_id: session.project_id,
              kind: "session",
              units: Math.max(0, Math.round(lastSeen - Date.parse(session.created_at))) / 1000,
              bytes: 0,
              input_tokens: 0,
              output_tokens: 0,
              outcome: "ok",
              created_at: at,
            })),
          )
          .execute();
      await trx
        .updateTable("instances")
        .set({ stopped_at: at })
        .where("id", "=", id)
        .where("stopped_at", "is", null)
        .execute();
    });
  }

  /**
   * At start: sessions left RUNNING by dead instances (overdue, stopped, or pruned from the store), and
   * by Loupes from before instances (no instance recorded: they ran on one machine, and this start means
   * that one stopped), are ended by the shutdown. Live instances' sessions stay theirs — on Postgres. The
   * embedded SQLite file serves one instance on one machine: one starting means the one before stopped,
   * however recent its last heartbeat (a restart within 3 intervals), so its sessions end at once.
   */
  async endOrphans(): Promise<void> {
    if (this.store.kind === "sqlite") {
      const others = await this.store.db
        .selectFrom("instances")
        .select("id")
        .where("stopped_at", "is", null)
        .where("id", "!=", this.id)
        .execute();
      for (const { id } of others) await this.endInstance(id);
    }
    await this.sweep();
    // After the sweep every instance not stopped is alive.
    const live = this.store.db.selectFrom("instances").select("id").where("stopped_at", "is", null);
    await this.store.db
      .updateTable("sessions")
      .set({ ended_at: this.isoNow(), end_reason: "server_shutdown" })
      .where("ended_at", "is", null)
      .where((eb) => eb.or([eb("instance_id", "is", null), eb("instance_id", "not in", live)]))
      .execute();
  }

  /** The instance with this id, as the store has it now; undefined when it has no row (pruned). */
  async find(id: string): Promise<InstanceRecord | undefined> {
    const row = await this.store.db
      .selectFrom("instances")
      .select(["id", "url", "heartbeat_ms", "heartbeat_at", "stopped_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? { id: row.id, url: row.url, alive: this.isAlive(row) } : undefined;
  }

  /** Heartbeats (then sweeps) every `heartbeatMs` until `stop`; one beat at a time, never piling up. */
  startHeartbeat(hooks: HeartbeatHooks): void {
    this.timer = setInterval(() => {
      if (this.beating) return;
      this.beating = this.beatOnce(hooks).finally(() => (this.beating = undefined));
    }, this.heartbeatMs);
    this.timer.unref();
  }

  /** Stops heartbeating (a beat under way finishes first). */
  async stopHeartbeat(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
  }

  /** Stops heartbeating and records this instance as stopped (its sessions are ended by then). */
  async stop(): Promise<void> {
    await this.stopHeartbeat();
    await this.store.db
      .updateTable("instances")
      .set({ stopped_at: this.isoNow() })
      .where("id", "=", this.id)
      .execute();
  }

  private async beatOnce(hooks: HeartbeatHooks): Promise<void> {
    try {
      if (!(await this.beat())) await hooks.onDeclaredDead();
      await this.sweep();
      await hooks.afterBeat();
    } catch (error) {
      hooks.onError(error);
    }
  }

  private isAlive(row: { heartbeat_ms: number; heartbeat_at: string; stopped_at: string | null }): boolean {
    if (row.stopped_at !== null) return false;
    const last = Date.parse(row.heartbeat_at);
    return Number.isFinite(last) && this.now() - last <= MISSED_HEARTBEATS * Number(row.heartbeat_ms);
  }

  private isoNow(): string {
    return new Date(this.now()).toISOString();
  }
}
