import { PostgresDialect } from "kysely";
import pg from "pg";
import { STORE_ERRORS, redactDatabaseUrl, withoutSecret } from "./store-errors.js";

/** How long a connection attempt may take before the database counts as unreachable. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Connections one instance keeps to Postgres. */
const POOL_SIZE = 10;

/** A Postgres store's connection pool, and where it points, fit for a log. */
export interface PostgresConnection {
  dialect: PostgresDialect;
  /** `host:port/database`, never the password. */
  where: string;
  /** Redacted URL, for logs. */
  location: string;
}

/**
 * Connects to the Postgres database at `url` and checks it answers, so an unreachable one fails at start
 * with its host named (never its password) and what to check, rather than at the first request.
 * @throws StoreError
 */
export async function connectPostgres(url: string): Promise<PostgresConnection> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw STORE_ERRORS.badUrl("this one does not parse");
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:")
    throw STORE_ERRORS.badUrl(`not "${parsed.protocol}"`);
  const database = decodeURIComponent(parsed.pathname.slice(1)) || "(the user's default database)";
  const host = parsed.hostname || parsed.searchParams.get("host") || "localhost";
  const where = `at ${host}:${parsed.port || 5432}/${database}`;
  const secret = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection the server drops (a restart, a failover) is reported here; without a listener the
  // pool's error event would end the process. The next query opens a new connection.
  pool.on("error", () => undefined);
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw STORE_ERRORS.unreachable(where, withoutSecret(describe(error), secret));
  }
  return { dialect: new PostgresDialect({ pool }), where, location: redactDatabaseUrl(url) };
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length)
    return error.errors.map((inner) => describe(inner)).join("; ");
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
