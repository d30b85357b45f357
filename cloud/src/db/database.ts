import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import sqlite from "node-sqlite3-wasm";

// node-sqlite3-wasm is CommonJS that assigns `module.exports` whole, so Node's ESM loader finds no named
// exports in it: `import { Database }` passes under Vite but fails in Node (built dist, tsx). Use the default.
const { Database } = sqlite;

/**
 * The service's state in one embedded SQLite file under the data directory: projects, hashed keys,
 * usage, sessions, the result cache. SQLite compiled to WebAssembly (node-sqlite3-wasm) needs no native
 * build on any platform, and its file is an ordinary SQLite database anyone can inspect.
 */
export type CloudDatabase = InstanceType<typeof Database>;

/** No statement of Loupe's holds the file lock for long: a lock this old was left by a killed process. */
const STALE_LOCK_MS = 30_000;

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

/** Each migration runs once, in order; the applied count is kept in `PRAGMA user_version`. */
const MIGRATIONS: string[] = [
  `create table projects (
     id text primary key,
     name text not null unique,
     created_at text not null
   );
   create table api_keys (
     id text primary key,
     project_id text not null references projects(id),
     prefix text not null,
     hash blob not null,
     created_at text not null,
     revoked_at text
   );
   create index api_keys_prefix on api_keys(prefix);
   create table usage_events (
     id integer primary key,
     project_id text not null references projects(id),
     kind text not null,
     units real not null default 1,
     bytes integer not null default 0,
     outcome text not null,
     created_at text not null
   );
   create index usage_events_project on usage_events(project_id, kind);`,
  // Hosted browser sessions, and the server-side extract cache (both scoped to a project).
  `create table sessions (
     id text primary key,
     project_id text not null references projects(id),
     region text not null,
     block_ads integer not null default 0,
     created_at text not null,
     ended_at text,
     end_reason text
   );
   create index sessions_project on sessions(project_id, ended_at);
   create table extract_cache (
     project_id text not null references projects(id),
     key text not null,
     result text not null,
     created_at text not null,
     primary key (project_id, key)
   );
   create index extract_cache_age on extract_cache(created_at);`,
  // Which key created a session: revoking the key ends it.
  `alter table sessions add column key_id text references api_keys(id);`,
  // Model tokens per request: json fetches, server-side extract and act are paid in tokens, not bytes.
  `alter table usage_events add column input_tokens integer not null default 0;
   alter table usage_events add column output_tokens integer not null default 0;`,
];

/** Opens (creating if needed) the database in `dataDir` and brings its schema up to date. */
export function openDatabase(dataDir: string): CloudDatabase {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "loupe.db");
  removeStaleLock(`${file}.lock`);
  const db = new Database(file);
  // Another process (a `keys create` beside a running server) waits its turn instead of failing at once.
  db.exec("pragma busy_timeout = 5000; pragma foreign_keys = on;");
  const version = Number(
    (db.get("pragma user_version") as { user_version: number } | null)?.user_version ?? 0,
  );
  for (let i = version; i < MIGRATIONS.length; i++) {
    db.exec("begin;");
    try {
      db.exec(MIGRATIONS[i]!);
      db.exec(`pragma user_version = ${i + 1};`);
      db.exec("commit;");
    } catch (error) {
      db.exec("rollback;");
      throw error;
    }
  }
  return db;
}
