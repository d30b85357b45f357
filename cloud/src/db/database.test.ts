import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sqlite from "node-sqlite3-wasm";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../sessions/session-store.js";
import { ApiKeys } from "./api-keys.js";
import { SCHEMA_VERSION, openAndMigrate, openDatabase } from "./database.js";
import { LEGACY_SQLITE_MIGRATIONS } from "./legacy-migrations.test.support.js";
import { UsageLedger } from "./usage.js";

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "loupe-db-"));
}

describe("openDatabase on SQLite", () => {
  it("creates the schema once and keeps data across openings", async () => {
    const dir = tempDir();
    const first = await openAndMigrate({ dataDir: dir });
    expect(first.migration).toEqual({ from: 0, to: SCHEMA_VERSION });
    const { key } = await new ApiKeys(first.database).createKey("p");
    await first.database.close();
    const second = await openAndMigrate({ dataDir: dir });
    expect(second.migration).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
    expect((await new ApiKeys(second.database).verify(key))?.name).toBe("p");
    await second.database.close();
  });

  it("removes a lock left by a killed process", async () => {
    const dir = tempDir();
    await (await openDatabase({ dataDir: dir })).close();
    const lock = join(dir, "loupe.db.lock");
    mkdirSync(lock);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    const db = await openDatabase({ dataDir: dir });
    expect((await new ApiKeys(db).createKey("q")).key).toMatch(/^lp_/);
    await db.close();
  });

  it("refuses a file migrated by a newer Loupe, naming both versions", async () => {
    const dir = tempDir();
    await (await openDatabase({ dataDir: dir })).close();
    const raw = new sqlite.Database(join(dir, "loupe.db"));
    raw.exec(`pragma user_version = ${SCHEMA_VERSION + 3}`);
    raw.close();
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      `was migrated by a newer Loupe (version ${SCHEMA_VERSION + 3} > ${SCHEMA_VERSION}): upgrade Loupe`,
    );
  });

  // Files made by the Loupes before this store: each version's own SQL, with the rows it could hold.
  for (let version = 1; version <= LEGACY_SQLITE_MIGRATIONS.length; version++)
    it(`carries a file of schema version ${version} forward without losing its rows`, async () => {
      const dir = tempDir();
      const key = `lp_${randomBytes(32).toString("base64url")}`;
      const raw = new sqlite.Database(join(dir, "loupe.db"));
      for (const step of LEGACY_SQLITE_MIGRATIONS.slice(0, version)) raw.exec(step);
      raw.exec(`pragma user_version = ${version}`);
      const at = new Date().toISOString();
      raw.run("insert into projects (id, name, created_at) values ('prj_1', 'old', ?)", [at]);
      raw.run(
        "insert into api_keys (id, project_id, prefix, hash, created_at) values ('key_1', 'prj_1', ?, ?, ?)",
        [key.slice(0, 11), createHash("sha256").update(key).digest(), at],
      );
      raw.run(
        "insert into usage_events (project_id, kind, units, bytes, outcome, created_at) values ('prj_1', 'fetch', 1, 1234, 'ok', ?)",
        [at],
      );
      if (version >= 2)
        raw.run(
          "insert into sessions (id, project_id, region, created_at, ended_at, end_reason) values ('ses_1', 'prj_1', 'local', ?, ?, 'closed')",
          [at, at],
        );
      raw.close();

      const { database, migration } = await openAndMigrate({ dataDir: dir });
      try {
        expect(migration).toEqual({ from: version, to: SCHEMA_VERSION });
        expect(await new ApiKeys(database).holder(key)).toEqual({
          project: { id: "prj_1", name: "old" },
          keyId: "key_1",
        });
        const usage = new UsageLedger(database);
        // A row of the newest schema (tokens) beside the old one.
        usage.record("prj_1", "fetch", { outcome: "ok", bytes: 10, inputTokens: 7, outputTokens: 3 });
        expect((await usage.totals("prj_1"))["fetch"]).toEqual({
          count: 2,
          succeeded: 2,
          units: 2,
          bytes: 1244,
          inputTokens: 7,
          outputTokens: 3,
        });
        if (version >= 2)
          expect(await new SessionStore(database).find("prj_1", "ses_1")).toMatchObject({
            status: "ENDED",
            endReason: "closed",
          });
      } finally {
        await database.close();
      }
    });
});
