import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { SqliteDialect, type SqliteDatabase } from "kysely";
import sqlite from "node-sqlite3-wasm";

// node-sqlite3-wasm is CommonJS that assigns `module.exports` whole, so Node's ESM loader finds no named
// exports in it: `import { Database }` passes under Vite but fails in Node (built dist, tsx). Use the default.
const { Database } = sqlite;

/** No statement of Loupe's holds the file lock for long: a lock this old was left by a killed process. */
const STALE_LOCK_MS = 30_000;

/** Statements that answer rows; every other one is run for its count of changed rows. */
const READER = /^\s*(select|with|pragma|values|explain)\b|\breturning\b/i;

/**
 * node-sqlite3-wasm locks the file by creating a `.lock` directory for the length of a statement or
 * transaction. A process killed in between leaves it behind, and every later access would fail with
 * "database is locked" forever; one older than any real statement is removed.
 */
function removeStaleLock(lockDir: string): void {
  try {
    if (Date.now() - statSync(lockDir).mtimeMs > STALE_LOCK_MS)
      rmSync(lockDir, { recursive: true, force: true });
  } catch {
    // No lock: the usual case.
  }
}

/**
 * Kysely's SQLite dialect over node-sqlite3-wasm: SQLite compiled to WebAssembly, no native build on any
 * platform, and the file is an ordinary SQLite database anyone can inspect. Kysely expects a
 * better-sqlite3-like `prepare()`; node-sqlite3-wasm's statements hold WebAssembly memory until they are
 * finalized, which Kysely never does, so each call goes through the database's own `all`/`run`, which
 * prepare, run and finalize in one. Kysely runs one statement at a time on it (its driver has a mutex).
 */
export function sqliteDialect(dataDir: string): { dialect: SqliteDialect; file: string } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "loupe.db");
  removeStaleLock(`${file}.lock`);
  const db = new Database(file);
  // Another process (a `keys create` beside a running server) waits its turn instead of failing at once.
  db.exec("pragma busy_timeout = 5000; pragma foreign_keys = on;");
  type Values = Parameters<typeof db.all>[1];
  const adapter: SqliteDatabase = {
    close: () => db.close(),
    prepare: (sql) => ({
      reader: READER.test(sql),
      all: (parameters) => db.all(sql, parameters as Values),
      run: (parameters) => db.run(sql, parameters as Values),
      iterate: (parameters) => db.all(sql, parameters as Values)[Symbol.iterator](),
    }),
  };
  return { dialect: new SqliteDialect({ database: adapter }), file };
}
