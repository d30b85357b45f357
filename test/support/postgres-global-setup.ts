/**
 * Vitest global setup for LOUPE_TEST_DATABASE=postgres (vite.config.ts adds it then): one throwaway
 * cluster for the run, whose superuser URL the harness gets through `inject("postgresAdminUrl")` to make
 * a fresh database per server. Missing binaries fail the run: Postgres was asked for by name.
 */
import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "./postgres-cluster.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  project.provide("postgresAdminUrl", cluster.adminUrl);
  return () => cluster.stop();
}
