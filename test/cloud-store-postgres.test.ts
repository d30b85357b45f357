/**
 * Loupe Cloud's store on a real PostgreSQL (a throwaway cluster this file starts and removes): the schema
 * made and migrated like SQLite's, keys, usage, sessions and the extract cache, a schema newer than the
 * code refused, an unreachable database named without its password, `loupe cloud migrate` and
 * `serve --database`. The rest of the Cloud suite runs on Postgres with LOUPE_TEST_DATABASE=postgres.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCloudServer } from "@loupe/cloud";
import { ApiKeys } from "../cloud/src/db/api-keys.js";
import { SCHEMA_VERSION, StoreError, openAndMigrate, openDatabase } from "../cloud/src/db/database.js";
import { UsageLedger } from "../cloud/src/db/usage.js";
import { InstanceRegistry } from "../cloud/src/instances/instance-registry.js";
import { ExtractCache } from "../cloud/src/sessions/extract-cache.js";
import { SessionStore } from "../cloud/src/sessions/session-store.js";
import { runLoupe, startLoupe } from "./support/loupe-cli.js";
import {
  createTestDatabase,
  postgresUnavailable,
  startPostgresCluster,
  type PostgresCluster,
  type TestDatabase,
} from "./support/postgres-cluster.js";

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`Skipping the Postgres store tests: ${unavailable}`);

describe.skipIf(unavailable !== undefined)("the Cloud store on PostgreSQL", () => {
  let cluster: PostgresCluster;
  const databases: TestDatabase[] = [];
  let dataDir: string;

  /** A fresh empty database on the cluster. */
  async function freshDatabase(): Promise<string> {
    const database = (await createTestDatabase(cluster.adminUrl))!;
    databases.push(database);
    return database.url;
  }

  async function adminQuery(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: cluster.adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    dataDir = await mkdtemp(join(tmpdir(), "loupe-pg-data-"));
  });

  afterAll(async () => {
    for (const database of databases) await database.drop().catch(() => undefined);
    await cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("creates the schema once, then opens it as it is", async () => {
    const databaseUrl = await freshDatabase();
    const first = await openAndMigrate({ dataDir, databaseUrl });
    expect(first.migration).toEqual({ from: 0, to: SCHEMA_VERSION });
    expect(first.database.kind).toBe("postgres");
    expect(first.database.location).not.toContain(cluster.password);
    const { key } = await new ApiKeys(first.database).createKey("p");
    await first.database.close();
    const second = await openAndMigrate({ dataDir, databaseUrl });
    expect(second.migration).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
    expect((await new ApiKeys(second.database).verify(key))?.name).toBe("p");
    await second.database.close();
  });

  it("lets instances starting together migrate one at a time", async () => {
    const databaseUrl = await freshDatabase();
    const opened = await Promise.all([1, 2, 3].map(() => openAndMigrate({ dataDir, databaseUrl })));
    expect(opened.map(({ migration }) => migration.to)).toEqual([
      SCHEMA_VERSION,
      SCHEMA_VERSION,
      SCHEMA_VERSION,
    ]);
    // Exactly one of them found the database empty; the others found it migrated (or part-way).
    expect(opened.filter(({ migration }) => migration.from === 0).length).toBeGreaterThanOrEqual(1);
    await Promise.all(opened.map(({ database }) => database.close()));
    const again = await openAndMigrate({ dataDir, databaseUrl });
    expect(again.migration).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
    await again.database.close();
  });

  it("keeps keys, usage, sessions and the extract cache as SQLite does", async () => {
    const store = await openDatabase({ dataDir, databaseUrl: await freshDatabase() });
    try {
      const keys = new ApiKeys(store);
      const alpha = await keys.createKey("alpha");
      const second = await keys.createKey("alpha");
      expect(second.project).toEqual(alpha.project);
      expect(await keys.holder(alpha.key)).toEqual({ project: alpha.project, keyId: alpha.id });
      expect(await keys.verify(`${alpha.key.slice(0, -2)}xx`)).toBeUndefined();
      expect(await keys.revoke(alpha.key)).toBe(true);
      expect(await keys.revoke("key_nope")).toBe(false);
      expect(await keys.verify(alpha.key)).toBeUndefined();
      expect(await keys.revokedAmong([alpha.id, second.id])).toEqual([alpha.id]);
      expect((await keys.list("alpha")).map((info) => info.revokedAt !== null).sort()).toEqual([false, true]);

      const usage = new UsageLedger(store);
      usage.record(alpha.project.id, "fetch", { outcome: "ok", bytes: 3_000_000_000, inputTokens: 5 });
      usage.record(alpha.project.id, "fetch", { outcome: "timeout", outputTokens: 2 });
      usage.record(alpha.project.id, "session", { outcome: "ok", units: 1.25 });
      // Numbers, not the strings node-postgres reads bigints as.
      expect(await usage.totals(alpha.project.id)).toEqual({
        fetch: { count: 2, succeeded: 1, units: 2, bytes: 3_000_000_000, inputTokens: 5, outputTokens: 2 },
        session: { count: 1, succeeded: 1, units: 1.25, bytes: 0, inputTokens: 0, outputTokens: 0 },
      });

      const sessions = new SessionStore(store);
      const holder = { project: alpha.project, keyId: second.id };
      const createdAt = new Date().toISOString();
      // Rows as a Loupe before instances wrote them (no instance): ended by the next start.
      const legacy = { instanceId: null, maxPerProject: 2 };
      for (const [id, blockAds] of [
        ["ses_a", true],
        ["ses_b", false],
      ] as const)
        expect(
          await sessions.reserve(
            holder,
            { id, region: "local", createdAt, status: "RUNNING" },
            blockAds,
            legacy,
          ),
        ).toBeUndefined();
      // The project's limit counts the rows: a third is refused, with the number running.
      expect(
        await sessions.reserve(
          holder,
          { id: "ses_c", region: "local", createdAt, status: "RUNNING" },
          false,
          legacy,
        ),
      ).toBe(2);
      expect(await sessions.find(alpha.project.id, "ses_c")).toBeUndefined();
      expect(await sessions.find(alpha.project.id, "ses_a")).toEqual({
        id: "ses_a",
        region: "local",
        createdAt,
        status: "RUNNING",
      });
      expect(await sessions.find("prj_other", "ses_a")).toBeUndefined();
      await sessions.end("ses_a", createdAt, "closed");
      await sessions.end("ses_a", createdAt, "idle_timeout");
      expect(await sessions.find(alpha.project.id, "ses_a")).toMatchObject({
        status: "ENDED",
        endReason: "closed",
      });
      await new InstanceRegistry(store, 1_000).endOrphans();
      expect(await sessions.find(alpha.project.id, "ses_b")).toMatchObject({ endReason: "server_shutdown" });

      const cache = new ExtractCache(store, 60_000);
      expect(await cache.get(alpha.project.id, "k")).toBeUndefined();
      await cache.put(alpha.project.id, "k", { price: 1 });
      await cache.put(alpha.project.id, "k", null);
      expect(await cache.get(alpha.project.id, "k")).toEqual({ result: null });
      expect(await new ExtractCache(store, -1).get(alpha.project.id, "k")).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it("refuses a database migrated by a newer Loupe", async () => {
    const databaseUrl = await freshDatabase();
    const store = await openDatabase({ dataDir, databaseUrl });
    await store.db
      .updateTable("loupe_schema" as never)
      .set({ version: SCHEMA_VERSION + 1 } as never)
      .execute();
    await store.close();
    const refused = await openDatabase({ dataDir, databaseUrl }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreError);
    expect((refused as Error).message).toContain(
      `was migrated by a newer Loupe (version ${SCHEMA_VERSION + 1} > ${SCHEMA_VERSION}): upgrade Loupe`,
    );
    expect((refused as Error).message).not.toContain(cluster.password);
  });

  it("names the host, never the password, when the database cannot be reached", async () => {
    const closedPort = `postgres://loupe:${cluster.password}@127.0.0.1:1/loupe`;
    const unreachable = await openDatabase({ dataDir, databaseUrl: closedPort }).catch(
      (error: unknown) => error,
    );
    expect(unreachable).toBeInstanceOf(StoreError);
    expect((unreachable as Error).message).toMatch(
      /Cannot reach the Postgres database at 127\.0\.0\.1:1\/loupe: .*ECONNREFUSED.*Check that the server is running/,
    );
    expect((unreachable as Error).message).not.toContain(cluster.password);

    const wrongPassword = "not-the-password-0123";
    const refused = await openDatabase({
      dataDir,
      databaseUrl: `postgres://loupe:${wrongPassword}@127.0.0.1:${cluster.port}/postgres`,
    }).catch((error: unknown) => error);
    expect((refused as Error).message).toMatch(
      new RegExp(`at 127\\.0\\.0\\.1:${cluster.port}/postgres: password authentication failed`),
    );
    expect((refused as Error).message).not.toContain(wrongPassword);
  });

  it("serves on Postgres: /healthz names the store, keys made in the database work", async () => {
    const databaseUrl = await freshDatabase();
    const lines: string[] = [];
    const server = await startCloudServer({
      port: 0,
      dataDir,
      databaseUrl,
      log: { write: (line) => void lines.push(line) },
    });
    try {
      expect(server.store).toBe("postgres");
      const health = await globalThis.fetch(`${server.url}/healthz`);
      expect({ status: health.status, body: await health.json() }).toEqual({
        status: 200,
        body: { ok: true, store: "postgres" },
      });
      const { key } = await server.keys.createKey("served");
      const usage = await globalThis.fetch(`${server.url}/v1/usage`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(usage.status).toBe(200);
    } finally {
      await server.close();
    }
    expect(lines.join("")).not.toContain(cluster.password);
  });

  it("answers /healthz 503 when its database is gone, and 200 again when it is back", async () => {
    const database = (await createTestDatabase(cluster.adminUrl))!;
    databases.push(database);
    const server = await startCloudServer({ port: 0, dataDir, databaseUrl: database.url, log: false });
    try {
      // Renamed away (its connections closed with it): the URL now names no database.
      const name = new URL(database.url).pathname.slice(1);
      await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      await adminQuery(`alter database ${name} rename to ${name}_away`);
      const down = await globalThis.fetch(`${server.url}/healthz`);
      expect({ status: down.status, body: await down.json() }).toEqual({
        status: 503,
        body: { ok: false, store: "postgres" },
      });
      await adminQuery(`alter database ${name}_away rename to ${name}`);
      const up = await globalThis.fetch(`${server.url}/healthz`);
      expect({ status: up.status, body: await up.json() }).toEqual({
        status: 200,
        body: { ok: true, store: "postgres" },
      });
    } finally {
      await server.close();
    }
  });

  it("loupe cloud migrate applies the migrations and prints from→to; keys and serve take --database", async () => {
    const databaseUrl = await freshDatabase();
    const first = await runLoupe(["cloud", "migrate", "--database", databaseUrl]);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toMatch(new RegExp(`migrated the schema from version 0 to ${SCHEMA_VERSION}\\n$`));
    const second = await runLoupe(["cloud", "migrate"], { LOUPE_DATABASE_URL: databaseUrl });
    expect(second.stdout).toMatch(new RegExp(`schema version ${SCHEMA_VERSION}, up to date\\n$`));
    const created = await runLoupe([
      "cloud",
      "keys",
      "create",
      "--project",
      "cli",
      "--database",
      databaseUrl,
    ]);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();

    const serve = startLoupe(["cloud", "serve", "--port", "0", "--database", databaseUrl]);
    try {
      const [, url] = await serve.waitForStdout(/^listening on (http:\/\/127\.0\.0\.1:\d+)\n/m);
      expect(await (await globalThis.fetch(`${url}/healthz`)).json()).toEqual({
        ok: true,
        store: "postgres",
      });
      const usage = await globalThis.fetch(`${url}/v1/usage`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(usage.status).toBe(200);
    } finally {
      serve.child.kill("SIGTERM");
      await serve.exited;
    }
    for (const output of [
      first.stdout,
      first.stderr,
      second.stdout,
      created.stderr,
      serve.stdout,
      serve.stderr,
    ])
      expect(output).not.toContain(cluster.password);
    expect(serve.stderr).toContain("store: postgres postgres://loupe:***@127.0.0.1");

    const unreachable = await runLoupe([
      "cloud",
      "migrate",
      "--database",
      `postgres://loupe:${cluster.password}@127.0.0.1:1/x`,
    ]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/Cannot reach the Postgres database at 127\.0\.0\.1:1\/x/);
    expect(unreachable.stderr).not.toContain(cluster.password);
  });
});
