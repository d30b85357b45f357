/**
 * A throwaway PostgreSQL for tests: `initdb` into a temporary directory, `postgres` on a free loopback
 * port (its unix socket in that directory too, never in /var/run), one password-protected superuser,
 * and everything removed on stop. Postgres refuses to run as root, so under root the cluster belongs to
 * `nobody` (its directory is handed over, and the binaries run through `runuser`).
 *
 * Whole-system tests ask for a fresh database per server with `createTestDatabase()`; it gives one only
 * when the suite runs with LOUPE_TEST_DATABASE=postgres (test/support/postgres-global-setup.ts starts
 * one cluster for the run), and undefined on the default SQLite.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { inject } from "vitest";
import { freePort } from "./listening-ports.js";
import { POSTGRES_BIN, postgresUnavailable } from "./postgres-binaries.js";

declare module "vitest" {
  interface ProvidedContext {
    /** The superuser URL of the run's cluster (its `postgres` database), under LOUPE_TEST_DATABASE=postgres. */
    postgresAdminUrl: string | undefined;
  }
}

const run = promisify(execFile);

export { POSTGRES_BIN, postgresUnavailable };

export interface PostgresCluster {
  /** `postgres://loupe:PASSWORD@127.0.0.1:PORT/postgres`. */
  adminUrl: string;
  /** The superuser's password (tests check it never shows). */
  password: string;
  host: string;
  port: number;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** Starts a cluster; throws when the binaries are missing (callers check `postgresUnavailable` first). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const missing = postgresUnavailable();
  if (missing) throw new Error(missing);
  const dir = mkdtempSync(join(tmpdir(), "loupe-pg-"));
  const data = join(dir, "data");
  const password = randomBytes(12).toString("hex");
  const passwordFile = join(dir, "password");
  writeFileSync(passwordFile, `${password}\n`);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const nobody = Number((await run("id", ["-u", "nobody"])).stdout.trim());
    chownSync(dir, nobody, nobody);
    chownSync(passwordFile, nobody, nobody);
  }
  chmodSync(dir, 0o700);
  const command = (binary: string, args: string[]): [string, string[]] =>
    asRoot
      ? ["runuser", ["-u", "nobody", "--", join(POSTGRES_BIN, binary), ...args]]
      : [join(POSTGRES_BIN, binary), args];
  let server: ChildProcess | undefined;
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    await run(
      ...command("initdb", [
        "-D",
        data,
        "-U",
        "loupe",
        `--pwfile=${passwordFile}`,
        "--auth-local=trust",
        "--auth-host=scram-sha-256",
        "-E",
        "UTF8",
        "--no-sync",
      ]),
    );
    const port = await freePort();
    const [binary, args] = command("postgres", [
      "-D",
      data,
      "-p",
      String(port),
      "-k",
      dir,
      "-c",
      "listen_addresses=127.0.0.1",
      // A throwaway cluster: durability costs time and buys nothing.
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
    ]);
    server = spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"] });
    let log = "";
    server.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    const adminUrl = `postgres://loupe:${password}@127.0.0.1:${port}/postgres`;
    await waitForServer(adminUrl, server, () => log);
    const started = server;
    return {
      adminUrl,
      password,
      host: "127.0.0.1",
      port,
      async stop() {
        await run(...command("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-s"])).catch(() => {
          started.kill("SIGKILL");
        });
        remove();
      },
    };
  } catch (error) {
    server?.kill("SIGKILL");
    remove();
    throw error;
  }
}

/** A fresh database on the run's cluster, or undefined when the suite runs on SQLite. */
export interface TestDatabase {
  url: string;
  /** Drops it (closing whatever still holds a connection). */
  drop(): Promise<void>;
}

/** Under LOUPE_TEST_DATABASE=postgres, a new empty database on the run's cluster; otherwise undefined. */
export async function createTestDatabase(adminUrl = providedAdminUrl()): Promise<TestDatabase | undefined> {
  if (!adminUrl) return undefined;
  const name = `loupe_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

function providedAdminUrl(): string | undefined {
  if (process.env["LOUPE_TEST_DATABASE"] !== "postgres") return undefined;
  const url = inject("postgresAdminUrl");
  if (!url)
    throw new Error(
      "LOUPE_TEST_DATABASE=postgres, but no cluster was started: run through vitest with this repository's vite.config.ts, whose globalSetup starts it.",
    );
  return url;
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitForServer(adminUrl: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited (${server.exitCode}): ${log()}`);
    try {
      await adminQuery(adminUrl, "select 1");
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`postgres did not answer within 60 s: ${log()}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
