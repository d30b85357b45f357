import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  postgresUnavailable,
  startPostgresCluster,
  type PostgresCluster,
  type TestDatabase,
} from "../../../test/support/postgres-cluster.js";
import { ApiKeys } from "../db/api-keys.js";
import { openDatabase, type CloudDatabase } from "../db/database.js";
import { Leases } from "../db/leases.js";
import { MemoryConcurrencyLimit, type ConcurrencyLimit } from "./concurrency-limit.js";
import {
  LeaseConcurrencyLimit,
  projectConcurrencyLimit,
  type ProjectLimitOptions,
} from "./lease-concurrency-limit.js";
import { ServiceError } from "../errors/service-error.js";

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`Skipping the lease limit tests on Postgres: ${unavailable}`);

const dataDir = mkdtempSync(join(tmpdir(), "loupe-lease-limit-"));

/** A promise and the function that settles it: work the test finishes when it wants. */
function held(): { promise: Promise<string>; finish: () => void; fail: () => void } {
  let finish = () => {};
  let fail = () => {};
  const promise = new Promise<string>((resolve, reject) => {
    finish = () => resolve("done");
    fail = () => reject(new Error("the work failed"));
  });
  return { promise, finish, fail };
}

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

const storeErrors: string[] = [];
const options = (limit: number): ProjectLimitOptions => ({
  limit,
  what: "fetches",
  kind: "fetch",
  expectedMs: 60_000,
  onStoreError: (_error, what) => storeErrors.push(what),
});

describe("MemoryConcurrencyLimit", () => {
  it("refuses past the limit with rate_limited (429) and frees a slot however the work ends", async () => {
    const limit = new MemoryConcurrencyLimit(1, "fetches");
    const work = held();
    const running = limit.run("p", () => work.promise);
    const error = await refusal(limit.run("p", async () => "no"));
    expect({ status: error.statusCode, code: error.code, message: error.message }).toEqual({
      status: 429,
      code: "rate_limited",
      message:
        "This project already has 1 fetches in flight, the most allowed at once. Wait for one to finish and retry.",
    });
    expect(await limit.run("other", async () => "other project")).toBe("other project");
    work.fail();
    await expect(running).rejects.toThrow("the work failed");
    expect(await limit.run("p", async () => "again")).toBe("again");
  });

  it("is the limit on a SQLite store", async () => {
    const db = await openDatabase({ dataDir });
    try {
      expect(projectConcurrencyLimit(db, options(1))).toBeInstanceOf(MemoryConcurrencyLimit);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(unavailable !== undefined)("LeaseConcurrencyLimit on Postgres", () => {
  let cluster: PostgresCluster;
  const databases: TestDatabase[] = [];
  const opened: CloudDatabase[] = [];
  let a: CloudDatabase;
  let b: CloudDatabase;

  async function open(url: string): Promise<CloudDatabase> {
    const db = await openDatabase({ dataDir, databaseUrl: url });
    opened.push(db);
    return db;
  }

  async function freshDatabase(): Promise<TestDatabase> {
    const database = (await createTestDatabase(cluster.adminUrl))!;
    databases.push(database);
    return database;
  }

  async function newProject(db = a): Promise<string> {
    return (await new ApiKeys(db).createKey(`p-${Math.random().toString(36).slice(2)}`)).project.id;
  }

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const database = await freshDatabase();
    a = await open(database.url);
    b = await open(database.url);
  });

  afterAll(async () => {
    for (const db of opened) await db.close();
    for (const database of databases) await database.drop().catch(() => undefined);
    await cluster?.stop();
  });

  it("is the limit on a Postgres store", () => {
    expect(projectConcurrencyLimit(a, options(1))).toBeInstanceOf(LeaseConcurrencyLimit);
  });

  it("counts one project's work on two instances together, refusing as the memory count does", async () => {
    const project = await newProject();
    const onA: ConcurrencyLimit = projectConcurrencyLimit(a, options(2));
    const onB: ConcurrencyLimit = projectConcurrencyLimit(b, options(2));
    const first = held();
    const second = held();
    const running = [onA.run(project, () => first.promise), onA.run(project, () => second.promise)];
    await expect.poll(() => new Leases(b).held(project, "fetch")).toBe(2);

    const error = await refusal(onB.run(project, async () => "no"));
    expect({ status: error.statusCode, code: error.code, message: error.message }).toEqual({
      status: 429,
      code: "rate_limited",
      message:
        "This project already has 2 fetches in flight, the most allowed at once. Wait for one to finish and retry.",
    });
    // Another project has its own allowance.
    expect(await onB.run(await newProject(), async () => "other")).toBe("other");

    // A success and a failure both give their slot back. Both are heard before either settles: the
    // failure must not go unhandled while the success's release is still under way.
    const [done, failed] = [
      expect(running[0]).resolves.toBe("done"),
      expect(running[1]).rejects.toThrow("the work failed"),
    ];
    first.finish();
    second.fail();
    await done;
    await failed;
    expect(await new Leases(b).held(project, "fetch")).toBe(0);
    expect(await onB.run(project, async () => "now")).toBe("now");
  });

  it("renews the lease of work that outlasts its expected time", async () => {
    const project = await newProject();
    const limit = new LeaseConcurrencyLimit(new Leases(a), { ...options(1), expectedMs: 100, marginMs: 100 });
    const work = held();
    const running = limit.run(project, () => work.promise);
    const expiry = () =>
      a.db
        .selectFrom("leases")
        .select("expires_at")
        .where("project_id", "=", project)
        .executeTakeFirst()
        .then((row) => row?.expires_at);
    await expect.poll(expiry).toBeDefined();
    const first = await expiry();
    // Renewed every half term while the work runs: the end moves on, and the lease still counts.
    await expect.poll(async () => ((await expiry()) ?? "") > first!).toBe(true);
    expect(await new Leases(a).held(project, "fetch")).toBe(1);
    work.finish();
    await running;
    expect(await expiry()).toBeUndefined();
  });

  it("answers 503 without the cause, the address or the password when the store fails", async () => {
    const database = await freshDatabase();
    const db = await open(database.url);
    const project = await newProject(db);
    const limit = projectConcurrencyLimit(db, options(2));
    await database.drop();
    const error = await refusal(limit.run(project, async () => "never"));
    expect({ status: error.statusCode, code: error.code }).toEqual({ status: 503, code: "rate_limited" });
    expect(error.message).toBe(
      "The service could not count this request against the project's limit on fetches in flight: its database did not answer. Retry in a few seconds; the server's log has the cause under this request id.",
    );
    // The cause is kept for the log (the error handler logs it with the request id).
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.message).not.toContain(cluster.password);
  });
});
