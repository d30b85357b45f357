import { mkdirSync, mkdtempSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ApiKeys } from "./api-keys.js";
import { openDatabase } from "./database.js";

describe("openDatabase", () => {
  it("creates the schema once and keeps data across openings", () => {
    const dir = mkdtempSync(join(tmpdir(), "loupe-db-"));
    const first = openDatabase(dir);
    const { key } = new ApiKeys(first).createKey("p");
    first.close();
    const second = openDatabase(dir);
    expect(new ApiKeys(second).verify(key)?.name).toBe("p");
    second.close();
  });

  it("removes a lock left by a killed process", () => {
    const dir = mkdtempSync(join(tmpdir(), "loupe-db-"));
    openDatabase(dir).close();
    const lock = join(dir, "loupe.db.lock");
    mkdirSync(lock);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    const db = openDatabase(dir);
    expect(new ApiKeys(db).createKey("q").key).toMatch(/^lp_/);
    db.close();
  });
});
