/**
 * `npm run test:postgres`: the whole-system Cloud suite again, on a throwaway PostgreSQL instead of the
 * embedded SQLite (LOUPE_TEST_DATABASE=postgres; vite.config.ts then starts one cluster for the run and
 * every Cloud server gets a fresh database on it). Without PostgreSQL's binaries it says so in one line
 * and passes: Postgres is an option of the Cloud, not a requirement to develop Loupe.
 *
 * The files that test Postgres itself (the store, several instances) start their own cluster in every
 * pass, so they are not run twice.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { postgresUnavailable } from "./postgres-binaries.js";

/** The Cloud suite: every whole-system test that starts a Cloud server. */
const CLOUD_SUITE = ["test/cloud-", "test/secrets.test.ts", "test/serverless.test.ts"];
const OWN_CLUSTER = ["test/cloud-store-postgres.test.ts", "test/cloud-instances.test.ts"];

const missing = postgresUnavailable();
if (missing) {
  console.log(`test:postgres skipped: ${missing}`);
  process.exit(0);
}
const started = performance.now();
const run = spawnSync(
  "npx",
  [
    "vitest",
    "run",
    ...CLOUD_SUITE,
    ...OWN_CLUSTER.flatMap((file) => ["--exclude", file]),
    ...process.argv.slice(2),
  ],
  {
    cwd: fileURLToPath(new URL("../../", import.meta.url)),
    env: { ...process.env, LOUPE_TEST_DATABASE: "postgres" },
    stdio: "inherit",
  },
);
console.log(
  `test:postgres: the Cloud suite on PostgreSQL took ${Math.round((performance.now() - started) / 1000)} s`,
);
process.exit(run.status ?? 1);
