/**
 * Where Debian's PostgreSQL server binaries are, and whether they are there: shared by the throwaway
 * cluster (postgres-cluster.ts) and the script that runs the Cloud suite on Postgres, which runs outside
 * vitest and so cannot import the cluster's module.
 */
import { existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";

/**
 * The server binaries: LOUPE_POSTGRES_BIN, else the newest of Debian's `/usr/lib/postgresql/<major>/bin`
 * (the package installs them there, outside PATH), else the directory of an `initdb` on PATH.
 */
export const POSTGRES_BIN = process.env["LOUPE_POSTGRES_BIN"] ?? findPostgresBin();

function findPostgresBin(): string {
  const debian = "/usr/lib/postgresql";
  const majors = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(debian, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors[0]) return join(debian, majors[0], "bin");
  for (const dir of (process.env["PATH"] ?? "").split(delimiter))
    if (dir && existsSync(join(dir, "initdb"))) return dir;
  return join(debian, "15", "bin");
}

/** Why the cluster cannot start here, or undefined when it can. */
export function postgresUnavailable(): string | undefined {
  for (const binary of ["initdb", "postgres", "pg_ctl"])
    if (!existsSync(join(POSTGRES_BIN, binary)))
      return `PostgreSQL binaries not found (${join(POSTGRES_BIN, binary)} is missing): install Debian's postgresql package or set LOUPE_POSTGRES_BIN.`;
  return undefined;
}
