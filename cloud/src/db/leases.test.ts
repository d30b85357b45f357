import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  postgresUnavailable,
  startPostgresCluster,
  type PostgresCluster,
  type TestDatabase,
} from "../../../test/support/postgres-cluster.js";
import { ApiKeys } from "./api-keys.js";
import { openDatabase, type CloudDatabase } from "./database.js";
import { Leases } from "./leases.js";

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`Skipping the lease tests on Postgres: ${unavailable}`);

const dataDir = mkdtempSync(join(tmpdir(), "loupe-leases-"));
const MINUTE = 60_000;

describe("Leases on SQLite", () => {
  it("are refused: one process serves a SQLite file and counts in memory", async () => {
    const db = await openDatabase({ dataDir });
    try {
      expect(() => new Leases(db)).toThrow("Leases are kept in a shared Postgres store, not in sqlite.");
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(unavailable !== undefined)("Leases on Postgres", () => {
  let cluster: PostgresCluster;
  let database: TestDatabase;
  /** Two connections to one database: two instances. */
  let a: CloudDatabase;
  let b: CloudDatabase;
  let project: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    database = (await createTestDatabase(cluster.adminUrl))!;
    a = await openDatabase({ dataDir, databaseUrl: database.url });
    b = await openDatabase({ dataDir, databaseUrl: database.url });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop().catch(() => undefined);
    await cluster?.stop();
  });

  /** A new project, so each test counts from zero. */
  async function newProject(): Promise<string> {
    return (await new ApiKeys(a).createKey(`p-${Math.random().toString(36).slice(2)}`)).project.id;
  }

  beforeAll(async () => {
    project = await newProject();
  });

  it("takes leases up to the limit, then tells how many are held; a release frees one", async () => {
    const leases = new Leases(a);
    const first = await leases.take(project, "fetch", 2, MINUTE);
    const second = await leases.take(project, "fetch", 2, MINUTE);
    expect([first.taken, second.taken]).toEqual([true, true]);
    expect(await leases.take(project, "fetch", 2, MINUTE)).toEqual({ taken: false, held: 2 });
    if (!first.taken) throw new Error("unreachable");
    await leases.release(first.id);
    expect(await leases.held(project, "fetch")).toBe(1);
    expect((await leases.take(project, "fetch", 2, MINUTE)).taken).toBe(true);
    // Releasing twice, or a lease that never was, is no error.
    await leases.release(first.id);
    await leases.release("lse_none");
  });

  it("counts each kind and each project apart", async () => {
    const leases = new Leases(a);
    const p = await newProject();
    const q = await newProject();
    expect((await leases.take(p, "fetch", 1, MINUTE)).taken).toBe(true);
    expect((await leases.take(p, "session-call", 1, MINUTE)).taken).toBe(true);
    expect((await leases.take(q, "fetch", 1, MINUTE)).taken).toBe(true);
    expect(await leases.take(p, "fetch", 1, MINUTE)).toEqual({ taken: false, held: 1 });
  });

  it("holds the limit when two instances take leases at once", async () => {
    const p = await newProject();
    const onA = new Leases(a);
    const onB = new Leases(b);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? onA : onB).take(p, "fetch", 5, MINUTE)),
    );
    expect(results.filter((r) => r.taken)).toHaveLength(5);
    expect(await onB.held(p, "fetch")).toBe(5);
  });

  it("does not count an ended lease (its holder died), and deletes it when the project next takes one", async () => {
    const p = await newProject();
    const leases = new Leases(a);
    const past = new Date(Date.now() - MINUTE).toISOString();
    await a.db
      .insertInto("leases")
      .values({
        id: "lse_dead",
        project_id: p,
        kind: "fetch",
        holder: "dead:1",
        created_at: past,
        expires_at: past,
      })
      .execute();
    expect(await leases.held(p, "fetch")).toBe(0);
    expect((await leases.take(p, "fetch", 1, MINUTE)).taken).toBe(true);
    const rows = await a.db.selectFrom("leases").select("id").where("project_id", "=", p).execute();
    expect(rows.map((row) => row.id)).not.toContain("lse_dead");
  });

  it("renews a lease from the database's clock, and names its holder", async () => {
    const p = await newProject();
    const leases = new Leases(a, "host-a:42:test");
    const lease = await leases.take(p, "fetch", 1, 1);
    if (!lease.taken) throw new Error("expected a lease");
    const read = () =>
      a.db.selectFrom("leases").selectAll().where("id", "=", lease.id).executeTakeFirstOrThrow();
    const before = await read();
    expect(before.holder).toBe("host-a:42:test");
    // A term of 1 ms has ended by the time it is read; renewed for a minute, it counts again.
    await expect.poll(() => leases.held(p, "fetch")).toBe(0);
    await leases.renew(lease.id, MINUTE);
    const after = await read();
    expect(after.expires_at > before.expires_at).toBe(true);
    expect(await leases.held(p, "fetch")).toBe(1);
  });
});
