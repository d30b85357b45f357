import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ApiKeys, type KeyHolder } from "../db/api-keys.js";
import { openDatabase, type CloudDatabase } from "../db/database.js";
import { UsageLedger } from "../db/usage.js";
import { SessionStore } from "../sessions/session-store.js";
import { InstanceRegistry } from "./instance-registry.js";

/** A clock the test moves by hand: liveness is a matter of time, never of waiting for it. */
function manualClock(): { now: () => number; advance(ms: number): void } {
  let now = Date.parse("2026-01-01T00:00:00.000Z");
  return { now: () => now, advance: (ms) => (now += ms) };
}

describe("InstanceRegistry (on SQLite)", () => {
  let dir: string;
  let db: CloudDatabase;
  let holder: KeyHolder;
  let sessions: SessionStore;

  async function open(): Promise<void> {
    dir = mkdtempSync(join(tmpdir(), "loupe-instances-"));
    db = await openDatabase({ dataDir: dir });
    const created = await new ApiKeys(db).createKey("p");
    holder = { project: created.project, keyId: created.id };
    sessions = new SessionStore(db);
  }

  async function running(id: string, instanceId: string | null, createdAt = new Date()): Promise<void> {
    const state = { id, region: "local", createdAt: createdAt.toISOString(), status: "RUNNING" as const };
    expect(await sessions.reserve(holder, state, false, { instanceId, maxPerProject: 10 })).toBeUndefined();
  }

  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("finds an instance alive until 3 of its own heartbeat intervals pass without a beat", async () => {
    await open();
    const clock = manualClock();
    const slow = new InstanceRegistry(db, 10_000, clock.now);
    const fast = new InstanceRegistry(db, 100, clock.now);
    await slow.register("http://10.0.0.1:4455");
    await fast.register("http://10.0.0.2:4455");
    clock.advance(1_000);
    // Judged by its own interval, not the judge's: ten of fast's intervals are nothing to slow.
    expect(await fast.find(slow.id)).toEqual({ id: slow.id, url: "http://10.0.0.1:4455", alive: true });
    expect((await slow.find(fast.id))?.alive).toBe(false);
    clock.advance(29_000);
    expect((await fast.find(slow.id))?.alive).toBe(true);
    clock.advance(1);
    expect((await fast.find(slow.id))?.alive).toBe(false);
    await slow.beat();
    expect((await fast.find(slow.id))?.alive).toBe(true);
    expect(await fast.find("ins_unknown")).toBeUndefined();
  });

  it("a sweep ends a dead instance's RUNNING sessions as server_shutdown and marks it stopped, leaving the living alone", async () => {
    await open();
    const clock = manualClock();
    const dead = new InstanceRegistry(db, 1_000, clock.now);
    const alive = new InstanceRegistry(db, 1_000, clock.now);
    await dead.register("http://10.0.0.1:4455");
    await alive.register("http://10.0.0.2:4455");
    await running("ses_dead_1", dead.id, new Date(clock.now()));
    await running("ses_dead_2", dead.id);
    await running("ses_alive", alive.id);
    await sessions.end("ses_dead_2", new Date(clock.now()).toISOString(), "closed");
    expect(await alive.sweep()).toEqual([]);
    // Its last heartbeat 1.5 s after the session started; then nothing for 3 intervals.
    clock.advance(1_500);
    await dead.beat();
    clock.advance(3_001);
    await alive.beat();
    expect(await alive.sweep()).toEqual([dead.id]);
    expect(await sessions.find(holder.project.id, "ses_dead_1")).toMatchObject({
      status: "ENDED",
      endReason: "server_shutdown",
      endedAt: new Date(clock.now()).toISOString(),
    });
    // An end already recorded keeps its reason.
    expect(await sessions.find(holder.project.id, "ses_dead_2")).toMatchObject({ endReason: "closed" });
    expect(await sessions.find(holder.project.id, "ses_alive")).toMatchObject({ status: "RUNNING" });
    expect((await alive.find(dead.id))?.alive).toBe(false);
    // Swept once: a second sweep finds nothing more.
    expect(await alive.sweep()).toEqual([]);
    // The ended session's time is metered once, up to the dead instance's last heartbeat.
    const usage = await new UsageLedger(db).totals(holder.project.id);
    expect(usage["session"]).toMatchObject({ count: 1, succeeded: 1 });
    expect(usage["session"]!.units).toBe(1.5);
  });

  it("an instance declared dead learns it at its next beat, and is alive again from it", async () => {
    await open();
    const clock = manualClock();
    const paused = new InstanceRegistry(db, 1_000, clock.now);
    const other = new InstanceRegistry(db, 1_000, clock.now);
    await paused.register("http://10.0.0.1:4455");
    await other.register("http://10.0.0.2:4455");
    expect(await paused.beat()).toBe(true);
    clock.advance(5_000);
    await other.beat();
    expect(await other.sweep()).toEqual([paused.id]);
    expect(await paused.beat()).toBe(false);
    expect((await other.find(paused.id))?.alive).toBe(true);
    expect(await paused.beat()).toBe(true);
  });

  it("at start ends the sessions of stopped instances and those from before instances", async () => {
    await open();
    const clock = manualClock();
    const stopped = new InstanceRegistry(db, 1_000, clock.now);
    await stopped.register("http://10.0.0.2:4455");
    await running("ses_stopped", stopped.id);
    await running("ses_legacy", null);
    await stopped.stop();
    // A forgotten row of a stopped instance (its end was never written) is ended too.
    await db.db.updateTable("sessions").set({ ended_at: null }).where("id", "=", "ses_stopped").execute();
    await new InstanceRegistry(db, 1_000, clock.now).endOrphans();
    for (const id of ["ses_stopped", "ses_legacy"])
      expect(await sessions.find(holder.project.id, id)).toMatchObject({ endReason: "server_shutdown" });
  });

  it("on SQLite (one instance per file) at start also ends the sessions of an instance that beat just now: a restart", async () => {
    await open();
    const clock = manualClock();
    const before = new InstanceRegistry(db, 5_000, clock.now);
    await before.register("http://127.0.0.1:4455");
    await running("ses_before", before.id);
    clock.advance(1_000);
    const restarted = new InstanceRegistry(db, 5_000, clock.now);
    await restarted.endOrphans();
    expect(await sessions.find(holder.project.id, "ses_before")).toMatchObject({
      endReason: "server_shutdown",
    });
    expect((await restarted.find(before.id))?.alive).toBe(false);
  });

  it("heartbeats on its interval and sweeps after each beat, until stopped", async () => {
    await open();
    const registry = new InstanceRegistry(db, 20);
    await registry.register("http://127.0.0.1:1");
    let beats = 0;
    registry.startHeartbeat({
      onDeclaredDead: async () => undefined,
      afterBeat: async () => void beats++,
      onError: (error) => {
        throw error;
      },
    });
    await expect.poll(() => beats).toBeGreaterThanOrEqual(3);
    await registry.stop();
    const stoppedAt = beats;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(beats).toBe(stoppedAt);
    expect((await registry.find(registry.id))?.alive).toBe(false);
  });
});
