/**
 * One Loupe Cloud instance in a process of its own, for the instances bench: started on a free loopback
 * port over the store it is given, with a key of project "bench". It prints `{ url, key }` as one JSON
 * line on stdout once it serves, and closes on SIGTERM.
 *
 * Usage: node --import tsx bench/instances/cloud-instance-process.ts '{"dataDir":…,"databaseUrl"?:…}'
 */
import { startCloudServer } from "@loupe/cloud";

/** What the bench passes in argv[2]. */
export interface InstanceSpec {
  dataDir: string;
  databaseUrl?: string;
  maxConcurrentFetches: number;
}

const spec = JSON.parse(process.argv[2] ?? "{}") as InstanceSpec;
const server = await startCloudServer({
  port: 0,
  dataDir: spec.dataDir,
  ...(spec.databaseUrl ? { databaseUrl: spec.databaseUrl } : {}),
  // The target is a loopback page of the bench's own.
  allowPrivateNetwork: true,
  log: false,
  maxConcurrentFetches: spec.maxConcurrentFetches,
});
const { key } = await server.keys.createKey("bench");
process.stdout.write(`${JSON.stringify({ url: server.url, key })}\n`);
process.once("SIGTERM", () => {
  void server.close().then(() => process.exit(0));
});
