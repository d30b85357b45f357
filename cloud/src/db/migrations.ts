import { sql, type Kysely } from "kysely";
import type { StoreKind } from "./store-errors.js";

/**
 * Column types that differ between the two databases; everything else is written once. SQLite's
 * `integer primary key` is the rowid (it numbers itself); Postgres needs an identity column. Postgres
 * `real` is 4 bytes where SQLite's is 8: `double precision` keeps session seconds exact on both.
 */
interface DialectTypes {
  kind: StoreKind;
  bytes: "blob" | "bytea";
  float: "real" | "double precision";
  /** A count that may pass 2^31 on Postgres (bytes, tokens). */
  count: "integer" | "bigint";
}

export function dialectTypes(kind: StoreKind): DialectTypes {
  return kind === "sqlite"
    ? { kind, bytes: "blob", float: "real", count: "integer" }
    : { kind, bytes: "bytea", float: "double precision", count: "bigint" };
}

// Migrations run on any database, whose tables Kysely cannot know in advance: `Kysely<any>` is its own
// advice for them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;

/**
 * The schema's history, one step per version, for both databases. A step is never changed once shipped:
 * SQLite files made by earlier Loupes (`PRAGMA user_version` 1..4, written by the same steps in raw SQL)
 * are carried forward from where they are. New steps go at the end.
 */
export const MIGRATIONS: readonly ((db: AnyKysely, types: DialectTypes) => Promise<void>)[] = [
  // 1: projects, hashed keys, usage.
  async (db, t) => {
    await db.schema
      .createTable("projects")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("api_keys")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("project_id", "text", (c) => c.notNull().references("projects.id"))
      .addColumn("prefix", "text", (c) => c.notNull())
      .addColumn("hash", t.bytes, (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("revoked_at", "text")
      .execute();
    await db.schema.createIndex("api_keys_prefix").on("api_keys").column("prefix").execute();
    await db.schema
      .createTable("usage_events")
      .addColumn("id", t.kind === "sqlite" ? "integer" : "bigint", (c) =>
        t.kind === "sqlite" ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn("project_id", "text", (c) => c.notNull().references("projects.id"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("units", t.float, (c) => c.notNull().defaultTo(1))
      .addColumn("bytes", t.count, (c) => c.notNull().defaultTo(0))
      .addColumn("outcome", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("usage_events_project")
      .on("usage_events")
      .columns(["project_id", "kind"])
      .execute();
  },
  // 2: hosted browser sessions, and the server-side extract cache (both scoped to a project).
  async (db) => {
    await db.schema
      .createTable("sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("project_id", "text", (c) => c.notNull().references("projects.id"))
      .addColumn("region", "text", (c) => c.notNull())
      .addColumn("block_ads", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("ended_at", "text")
      .addColumn("end_reason", "text")
      .execute();
    await db.schema
      .createIndex("sessions_project")
      .on("sessions")
      .columns(["project_id", "ended_at"])
      .execute();
    await db.schema
      .createTable("extract_cache")
      .addColumn("project_id", "text", (c) => c.notNull().references("projects.id"))
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("result", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("extract_cache_pkey", ["project_id", "key"])
      .execute();
    await db.schema.createIndex("extract_cache_age").on("extract_cache").column("created_at").execute();
  },
  // 3: which key created a session: revoking the key ends it.
  async (db) => {
    await db.schema
      .alterTable("sessions")
      .addColumn("key_id", "text", (c) => c.references("api_keys.id"))
      .execute();
  },
  // 4: model tokens per request: json fetches, server-side extract and act are paid in tokens, not bytes.
  async (db, t) => {
    for (const column of ["input_tokens", "output_tokens"])
      await db.schema
        .alterTable("usage_events")
        .addColumn(column, t.count, (c) => c.notNull().defaultTo(0))
        .execute();
  },
  // 5: several instances on one store: each registers its internal address and heartbeats; a session
  // records the instance running its browser, so the others route to it and end it when that one dies.
  // `heartbeat_ms` lets each instance be judged by its own interval. No foreign key from sessions: an
  // instance's row may be pruned long after it stopped, while its sessions stay on record.
  async (db) => {
    await db.schema
      .createTable("instances")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("url", "text", (c) => c.notNull())
      .addColumn("heartbeat_ms", "integer", (c) => c.notNull())
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("heartbeat_at", "text", (c) => c.notNull())
      .addColumn("stopped_at", "text")
      .execute();
    await db.schema.alterTable("sessions").addColumn("instance_id", "text").execute();
    await db.schema
      .createIndex("sessions_instance")
      .on("sessions")
      .columns(["instance_id", "ended_at"])
      .execute();
  },
  // 6: leases: a project's fetches and session calls in flight, counted in the store so that the limit
  // holds across instances sharing it (Postgres; on SQLite one process counts in memory). A lease ends
  // when its holder deletes it, or at `expires_at` when the holder died without deleting it.
  async (db) => {
    await db.schema
      .createTable("leases")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("project_id", "text", (c) => c.notNull().references("projects.id"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("holder", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("leases_project")
      .on("leases")
      .columns(["project_id", "kind", "expires_at"])
      .execute();
  },
  // 7: taking a lease in one round trip (Postgres only; see leases.ts): the project's row locked, its
  // ended leases deleted, the others counted and the new one inserted below the limit, in a function.
  async (db, t) => {
    if (t.kind !== "postgres") return;
    await sql.raw(TAKE_LEASE_FUNCTION).execute(db);
  },
];

/**
 * Each statement of a VOLATILE function takes a fresh snapshot, so the count, made after the row lock is
 * granted, sees every lease a taker that held the lock before committed (one statement with CTEs would
 * count from a snapshot taken before the wait). Times are the database's clock, written as JavaScript's
 * `toISOString()` writes them, so they compare as text with the rows made in Node.
 */
const TAKE_LEASE_FUNCTION = `
create function loupe_take_lease(
  p_project text, p_kind text, p_limit integer, p_term_ms double precision, p_id text, p_holder text
) returns table (found boolean, held bigint, taken boolean)
language plpgsql volatile as $$
declare
  v_now timestamptz;
  v_now_text text;
  v_held bigint;
begin
  select clock_timestamp() into v_now from projects where id = p_project for no key update;
  if not found then
    return query select false, 0::bigint, false;
    return;
  end if;
  v_now_text := to_char(v_now at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  delete from leases where project_id = p_project and kind = p_kind and expires_at <= v_now_text;
  select count(*) into v_held from leases
    where project_id = p_project and kind = p_kind and expires_at > v_now_text;
  if v_held >= p_limit then
    return query select true, v_held, false;
    return;
  end if;
  insert into leases (id, project_id, kind, holder, created_at, expires_at)
    values (p_id, p_project, p_kind, p_holder, v_now_text,
      to_char((v_now + p_term_ms * interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  return query select true, v_held, true;
end
$$`;
