import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ApiKeys, type KeyHolder } from "../db/api-keys.js";
import { openDatabase, type CloudDatabase } from "../db/database.js";
import { UsageLedger } from "../db/usage.js";
import { DEFAULT_FETCH_POLICY } from "../fetch/index.js";
import { InstanceRegistry } from "../instances/instance-registry.js";
import { ServiceError } from "../errors/service-error.js";
import { SessionRegistry } from "./session-registry.js";
import { SessionStore } from "./session-store.js";

/**
 * The registry's bookkeeping against the store, without a browser: sessions other instances run are
 * rows here, and a launch that cannot start (a browser that does not exist) never leaves one behind.
 */
describe("SessionRegistry and the shared store (on SQLite)", () => {
  let dir: string;
  let db: CloudDatabase;
  let holder: KeyHolder;
  let store: SessionStore;
  let here: InstanceRegistry;
  let elsewhere: InstanceRegistry;
  let registry: SessionRegistry;

  async function open(maxPerProject = 2): Promise<void> {
    dir = mkdtempSync(join(tmpdir(), "loupe-registry-"));
    db = await openDatabase({ dataDir: dir });
    const created = await new ApiKeys(db).createKey("p");
    holder = { project: created.project, keyId: created.id };
    store = new SessionStore(db);
    here = new InstanceRegistry(db, 60_000);
    elsewhere = new InstanceRegistry(db, 60_000);
    await here.register("http://10.0.0.1:4455");
    await elsewhere.register("http://10.0.0.2:4455");
    registry = await SessionRegistry.open(
      db,
      new UsageLedger(db),
      {
        region: "local",
        maxPerProject,
        maxTotal: 10,
        idleTimeoutMs: 60_000,
        browser: { executablePath: join(dir, "no-such-chromium") },
        policy: DEFAULT_FETCH_POLICY,
      },
      here,
    );
  }

  async function row(id: string, instanceId: string): Promise<void> {
    const state = { id, region: "local", createdAt: new Date().toISOString(), status: "RUNNING" as const };
    expect(await store.reserve(holder, state, false, { instanceId, maxPerProject: 10 })).toBeUndefined();
  }

  afterEach(async () => {
    await registry.closeAll();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("counts the project's sessions on every instance against its limit, before launching anything", async () => {
    await open(2);
    await row("ses_1", elsewhere.id);
    await row("ses_2", elsewhere.id);
    const refused = await registry.create(holder, { blockAds: false }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/already has 2 sessions running/),
    });
  });

  it("removes the reservation of a launch that fails: it does not count against the limit", async () => {
    await open(1);
    await expect(registry.create(holder, { blockAds: false })).rejects.toThrow();
    const rows = await db.db.selectFrom("sessions").select("id").execute();
    expect(rows).toEqual([]);
  });

  it("answers 503 for a session RUNNING on another instance (a request already forwarded), not that it ended", async () => {
    await open();
    await row("ses_other", elsewhere.id);
    expect(await registry.state(holder.project.id, "ses_other")).toMatchObject({ status: "RUNNING" });
    for (const call of [
      () => registry.runningSession(holder.project.id, "ses_other"),
      () => registry.end(holder.project.id, "ses_other"),
    ])
      await expect(call()).rejects.toMatchObject({
        statusCode: 503,
        message: expect.stringMatching(/not forwarded again/),
      });
    await expect(registry.state("prj_other", "ses_other")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("reconcile ends a session the store has RUNNING here that no longer runs here, and leaves the others' alone", async () => {
    await open();
    await row("ses_lost", here.id);
    await row("ses_other", elsewhere.id);
    await registry.reconcile();
    expect(await store.find(holder.project.id, "ses_lost")).toMatchObject({
      status: "ENDED",
      endReason: "server_shutdown",
    });
    expect(await store.find(holder.project.id, "ses_other")).toMatchObject({ status: "RUNNING" });
  });
});
