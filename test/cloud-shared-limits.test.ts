/**
 * Loupe Cloud on two instances sharing one PostgreSQL database (a throwaway cluster this file starts and
 * removes): a project's limit on fetches in flight holds across both, counted as leases in the store; a
 * lease left by a dead process stops counting at its end; usage from both sums up on either.
 */
import type { ServerResponse } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectErrorBody,
  expectFetchError,
  startCloudHarness,
  type CloudHarness,
} from "./support/cloud-harness.js";
import {
  createTestDatabase,
  postgresUnavailable,
  startPostgresCluster,
  type PostgresCluster,
  type TestDatabase,
} from "./support/postgres-cluster.js";

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`Skipping the shared-limit tests: ${unavailable}`);

describe.skipIf(unavailable !== undefined)("a project's fetch limit across two instances", () => {
  let cluster: PostgresCluster;
  let database: TestDatabase;
  let a: CloudHarness;
  let b: CloudHarness;
  let projectId: string;
  const held: ServerResponse[] = [];
  let arrived: () => void = () => undefined;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    database = (await createTestDatabase(cluster.adminUrl))!;
    const server = { databaseUrl: database.url, maxConcurrentFetches: 2 };
    // The slow target is A's site; B fetches from it too (any loopback URL is a target here).
    a = await startCloudHarness({
      server,
      routes: {
        "/slow": (_req, res) => {
          held.push(res);
          arrived();
        },
        "/fast": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("fast"),
      },
    });
    b = await startCloudHarness({ server });
    // Both harnesses made a key of project "test": one project, in one store.
    const [onA, onB] = await Promise.all([a.server.keys.holder(a.apiKey), b.server.keys.holder(b.apiKey)]);
    expect(onA?.project.id).toBe(onB?.project.id);
    projectId = onA!.project.id;
  });

  afterAll(async () => {
    for (const res of held) res.destroy();
    await a?.close();
    await b?.close();
    await database?.drop().catch(() => undefined);
    await cluster?.stop();
  });

  /** Resolves once the target holds `count` slow requests. */
  function slowRequestsHeld(count: number): Promise<void> {
    return new Promise((resolve) => {
      arrived = () => {
        if (held.length >= count) resolve();
      };
      arrived();
    });
  }

  function answerHeld(count: number): void {
    for (const res of held.splice(0, count))
      res.writeHead(200, { "content-type": "text/plain" }).end("slow done");
  }

  async function storeRows(statement: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(statement, values)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  }
  const storeQuery = async (statement: string, values: unknown[] = []) =>
    void (await storeRows(statement, values));

  const fast = () => a.target.url("/fast");
  const slow = () => a.target.url("/slow");
  /** Fetches that succeeded, on either instance, for the usage check. */
  let succeeded = 0;

  it("refuses a third fetch on B while two are in flight on A, and accepts it once one ends", async () => {
    const first = a.fetch({ url: slow() });
    const second = a.fetch({ url: slow() });
    await slowRequestsHeld(2);
    // Held by A, in the store.
    const holders = await storeRows("select holder from leases where project_id = $1 and kind = 'fetch'", [
      projectId,
    ]);
    expect(holders).toEqual([{ holder: a.server.instance.id }, { holder: a.server.instance.id }]);

    const third = await expectFetchError(b.fetch({ url: fast() }), "rate_limited", 429);
    expect(third.message).toMatch(/2 fetches in flight/);
    expectErrorBody(await b.api("POST", "/v1/fetch", { body: { url: fast() } }), 429, "rate_limited");
    expect(a.target.hits("/fast")).toBe(0);

    answerHeld(1);
    expect(await first).toMatchObject({ statusCode: 200, content: "slow done" });
    expect(await b.fetch({ url: fast() })).toMatchObject({ content: "fast" });
    answerHeld(1);
    expect(await second).toMatchObject({ statusCode: 200, content: "slow done" });
    succeeded += 3;
  });

  it("counts a live lease of another process, and not one whose end has passed (its process died)", async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    const insert = (id: string, expiresAt: string) =>
      storeQuery(
        "insert into leases (id, project_id, kind, holder, created_at, expires_at) values ($1, $2, 'fetch', 'gone-host:1:dead', $3, $4)",
        [id, projectId, past, expiresAt],
      );
    // Two dead leases: the limit is 2, yet both instances fetch.
    await insert("lse_dead_1", past);
    await insert("lse_dead_2", past);
    expect(await a.fetch({ url: fast() })).toMatchObject({ content: "fast" });
    expect(await b.fetch({ url: fast() })).toMatchObject({ content: "fast" });
    succeeded += 2;

    // One live lease of another process and one slow fetch on A: B is at the limit.
    await insert("lse_live", future);
    const pending = a.fetch({ url: slow() });
    await slowRequestsHeld(1);
    await expectFetchError(b.fetch({ url: fast() }), "rate_limited", 429);
    await storeQuery("delete from leases where id = 'lse_live'");
    expect(await b.fetch({ url: fast() })).toMatchObject({ content: "fast" });
    answerHeld(1);
    expect(await pending).toMatchObject({ content: "slow done" });
    succeeded += 2;
  });

  it("frees the slot of a fetch that failed on B for A", async () => {
    a.target.route("/boom", (req) => req.socket.destroy());
    for (let i = 0; i < 3; i++)
      await expectFetchError(b.fetch({ url: a.target.url("/boom") }), "target_unreachable", 502);
    const both = await Promise.all([a.fetch({ url: fast() }), a.fetch({ url: fast() })]);
    expect(both.map((result) => result.content)).toEqual(["fast", "fast"]);
    succeeded += 2;
  });

  it("sums both instances' usage on either", async () => {
    // Refusals are not counted; the three failures on B are.
    const expected = { count: succeeded + 3, succeeded };
    // Each instance writes its counts in batches (at most 200 ms later): poll until both are in.
    await expect.poll(() => b.fetchUsage()).toMatchObject(expected);
    await expect.poll(() => a.fetchUsage()).toMatchObject(expected);
  });
});
