import { Kysely, sql } from "kysely";
import { MIGRATIONS, dialectTypes } from "./migrations.js";
import { connectPostgres } from "./postgres-database.js";
import { sqliteDialect } from "./sqlite-database.js";
import { STORE_ERRORS, type StoreKind } from "./store-errors.js";
import type { StoreTables } from "./store-schema.js";

export { StoreError, type StoreKind } from "./store-errors.js";

/**
 * The service's state — projects, hashed keys, usage, sessions, the extract cache — in one of two
 * databases behind one query layer (Kysely): an embedded SQLite file under the data directory (the
 * default, for one machine and the Studio) or a Postgres database shared by several instances.
 */
export interface CloudDatabase {
  readonly kind: StoreKind;
  readonly db: Kysely<StoreTables>;
  /** Where it is, for logs: the SQLite file, or the Postgres URL with its password masked. */
  readonly location: string;
  /** Whether the database answers now (for `/healthz`). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Where the store is: a data directory for SQLite, or a Postgres URL. */
export interface StoreLocation {
  /** The directory of `loupe.db`, used when there is no `databaseUrl`. */
  dataDir: string;
  /** `postgres://…`: the shared store. */
  databaseUrl?: string | undefined;
}

/** What opening did to the schema. */
export interface Migration {
  from: number;
  to: number;
}

/** The schema version this code writes and reads. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Opens the store (creating the SQLite file if needed) and brings its schema up to date.
 * @throws StoreError when Postgres cannot be reached or the schema is newer than this code.
 */
export async function openDatabase(location: StoreLocation): Promise<CloudDatabase> {
  return (await openAndMigrate(location)).database;
}

/** `openDatabase`, also telling from which version to which the schema was migrated. */
export async function openAndMigrate(
  location: StoreLocation,
): Promise<{ database: CloudDatabase; migration: Migration }> {
  const database = await connect(location);
  try {
    const migration = await migrate(database);
    return { database, migration };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function connect(location: StoreLocation): Promise<CloudDatabase> {
  if (location.databaseUrl) {
    const postgres = await connectPostgres(location.databaseUrl);
    return wrap("postgres", new Kysely<StoreTables>({ dialect: postgres.dialect }), postgres.location);
  }
  const { dialect, file } = sqliteDialect(location.dataDir);
  return wrap("sqlite", new Kysely<StoreTables>({ dialect }), file);
}

function wrap(kind: StoreKind, db: Kysely<StoreTables>, location: string): CloudDatabase {
  let closing: Promise<void> | undefined;
  return {
    kind,
    db,
    location,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => (closing ??= db.destroy()),
  };
}

/** The key of the advisory lock migrations hold on Postgres, so instances starting together take turns. */
const MIGRATION_LOCK = 0x4c6f757065; // "Loupe"

/**
 * Applies the migrations this database lacks, each in its own transaction with the version it brings.
 * SQLite keeps the version in `PRAGMA user_version` (as every Loupe before this one did); Postgres in a
 * one-row table, read and written under an advisory lock so two instances never migrate at once.
 */
async function migrate(database: CloudDatabase): Promise<Migration> {
  const { db, kind, location } = database;
  const types = dialectTypes(kind);
  const from = await db.transaction().execute(async (trx) => {
    await lockForMigration(trx, kind);
    if (kind === "postgres")
      await sql`create table if not exists loupe_schema (version integer not null)`.execute(trx);
    return readVersion(trx, kind);
  });
  if (from > SCHEMA_VERSION) throw STORE_ERRORS.newerSchema(location, from, SCHEMA_VERSION);
  let version = from;
  while (version < SCHEMA_VERSION) {
    version = await db.transaction().execute(async (trx) => {
      await lockForMigration(trx, kind);
      // Another instance may have migrated while this one waited for the lock.
      const current = await readVersion(trx, kind);
      if (current > SCHEMA_VERSION) throw STORE_ERRORS.newerSchema(location, current, SCHEMA_VERSION);
      if (current === SCHEMA_VERSION) return current;
      await MIGRATIONS[current]!(trx, types);
      await writeVersion(trx, kind, current + 1);
      return current + 1;
    });
  }
  return { from, to: version };
}

/** Postgres instances starting together take turns (the lock ends with the transaction); SQLite's file lock does it there. */
async function lockForMigration(trx: Kysely<StoreTables>, kind: StoreKind): Promise<void> {
  if (kind === "postgres") await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
}

async function readVersion(db: Kysely<StoreTables>, kind: StoreKind): Promise<number> {
  if (kind === "sqlite") {
    const { rows } = await sql<{ user_version: number }>`pragma user_version`.execute(db);
    return Number(rows[0]?.user_version ?? 0);
  }
  const { rows } = await sql<{ version: number }>`select version from loupe_schema`.execute(db);
  return Number(rows[0]?.version ?? 0);
}

async function writeVersion(db: Kysely<StoreTables>, kind: StoreKind, version: number): Promise<void> {
  if (kind === "sqlite") {
    // A pragma takes no bound parameter; the version is a number this code computed.
    await sql.raw(`pragma user_version = ${Number(version)}`).execute(db);
    return;
  }
  await sql`delete from loupe_schema`.execute(db);
  await sql`insert into loupe_schema (version) values (${version})`.execute(db);
}
