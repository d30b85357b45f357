/**
 * Several Loupe Cloud instances on one PostgreSQL (a throwaway cluster this file starts and removes): a
 * key made on one works on the other; a session created on A is driven through B — its connectUrl
 * upgrade, extract, act, GET and DELETE forwarded to A; a project's session limit holds across both;
 * closing A ends its sessions in the store; a killed instance's sessions are ended by the survivor's
 * heartbeat sweep; a request already forwarded is never forwarded again; an owner that does not answer
 * is a 503 naming it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCloudServer, type CloudServer } from "@loupe/cloud";
import { openDatabase, type CloudDatabase } from "../cloud/src/db/database.js";
import { FORWARDED_BY } from "../cloud/src/instances/forwarded-headers.js";
import { InstanceRegistry } from "../cloud/src/instances/instance-registry.js";
import { actReplyOn } from "./support/harness.js";
import { freePort } from "./support/listening-ports.js";
import { descendantPids, isRunning } from "./support/processes.js";
import { rawUpgrade } from "./support/raw-upgrade.js";
import { startLoupe, type RunningLoupe } from "./support/loupe-cli.js";
import { startModelServer, type ModelServer } from "./support/model-server.js";
import {
  createTestDatabase,
  postgresUnavailable,
  startPostgresCluster,
  type PostgresCluster,
  type TestDatabase,
} from "./support/postgres-cluster.js";
import { html } from "./support/session-harness.js";
import { startTargetSite, type TargetSite } from "./support/target-site.js";

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`Skipping the several-instances tests: ${unavailable}`);

/** Small enough that a dead instance is noticed within seconds; large enough for a loaded machine. */
const HEARTBEAT_MS = 2_000;

interface Answer {
  status: number;
  json: Record<string, unknown> | undefined;
}

describe.skipIf(unavailable !== undefined)("several instances on one PostgreSQL", () => {
  let cluster: PostgresCluster;
  let database: TestDatabase;
  let store: CloudDatabase;
  let dataDir: string;
  let model: ModelServer;
  let target: TargetSite;
  let a: CloudServer;
  let b: CloudServer;
  const children: RunningLoupe[] = [];

  function startInstance(): Promise<CloudServer> {
    return startCloudServer({
      port: 0,
      dataDir,
      databaseUrl: database.url,
      log: false,
      allowPrivateNetwork: true,
      proxyUrls: [],
      model: { modelName: "openai/x", baseURL: model.baseURL, apiKey: "k" },
      maxSessionsPerProject: 1,
      heartbeatMs: HEARTBEAT_MS,
    });
  }

  /** When the store says an instance stopped (null while it is registered as running). */
  async function stoppedAt(instanceId: string): Promise<string | null> {
    const row = await store.db
      .selectFrom("instances")
      .select("stopped_at")
      .where("id", "=", instanceId)
      .executeTakeFirstOrThrow();
    return row.stopped_at;
  }

  async function api(
    server: { url: string },
    method: string,
    path: string,
    key: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  }

  async function createOn(server: { url: string }, key: string): Promise<{ id: string; connectUrl: string }> {
    const answer = await api(server, "POST", "/v1/sessions", key, { body: {} });
    expect({ status: answer.status, body: answer.json }).toMatchObject({ status: 200 });
    return answer.json as { id: string; connectUrl: string };
  }

  /** A session row RUNNING on an instance row of the test's making (no server behind either). */
  async function strayInstance(
    projectKey: string,
    url: string,
  ): Promise<{ instanceId: string; sessionId: string }> {
    const holder = (await a.keys.holder(projectKey))!;
    const instanceId = `ins_test_${Math.random().toString(36).slice(2)}`;
    const sessionId = `ses_test_${Math.random().toString(36).slice(2)}`;
    const now = new Date().toISOString();
    await store.db
      .insertInto("instances")
      .values({ id: instanceId, url, heartbeat_ms: 3_600_000, started_at: now, heartbeat_at: now })
      .execute();
    await store.db
      .insertInto("sessions")
      .values({
        id: sessionId,
        project_id: holder.project.id,
        key_id: holder.keyId,
        region: "local",
        block_ads: 0,
        created_at: now,
        instance_id: instanceId,
      })
      .execute();
    return { instanceId, sessionId };
  }

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    database = (await createTestDatabase(cluster.adminUrl))!;
    dataDir = await mkdtemp(join(tmpdir(), "loupe-instances-"));
    [model, target] = await Promise.all([
      startModelServer(),
      startTargetSite({
        "/shop": html(`<title>Shop</title><h1>Red Shoe</h1><p>Price: $10</p>`),
        "/form": html(
          `<button onclick="document.getElementById('out').textContent='clicked'">Go</button><p id="out">idle</p>`,
        ),
      }),
    ]);
    a = await startInstance();
    b = await startInstance();
    store = await openDatabase({ dataDir, databaseUrl: database.url });
  });

  afterAll(async () => {
    for (const child of children) child.kill();
    await Promise.all([a?.close(), b?.close()]);
    await store?.close();
    await Promise.all([model?.close(), target?.close()]);
    await database?.drop().catch(() => undefined);
    await cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("registers each instance in the store at the address it listens on", async () => {
    expect(a.store).toBe("postgres");
    expect(a.instance.id).not.toBe(b.instance.id);
    const rows = await store.db.selectFrom("instances").select(["id", "url", "stopped_at"]).execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: a.instance.id, url: a.url, stopped_at: null },
        { id: b.instance.id, url: b.url, stopped_at: null },
      ]),
    );
  });

  it("takes a key made on A on B, and B's usage shows what A metered", async () => {
    const { key } = await a.keys.createKey("shared-key");
    const onB = await api(b, "GET", "/v1/usage", key);
    expect(onB).toMatchObject({ status: 200, json: { project: { name: "shared-key" } } });
  });

  it("drives a session created on A through B: connectUrl, extract, act, GET and DELETE", async () => {
    const { key } = await a.keys.createKey("driven-through-b");
    const session = await createOn(a, key);
    expect(a.sessions.browserPid(session.id)).toBeGreaterThan(0);
    expect(b.sessions.browserPid(session.id)).toBeUndefined();

    // B's answer names B's address: the caller's, never A's internal one.
    const state = await api(b, "GET", `/v1/sessions/${session.id}`, key);
    expect(state).toMatchObject({ status: 200, json: { id: session.id, status: "RUNNING" } });
    const connectUrl = state.json!["connectUrl"] as string;
    expect(connectUrl).toBe(`${b.url.replace(/^http/, "ws")}/v1/sessions/${session.id}/connect`);

    const browser = await chromium.connectOverCDP(connectUrl, {
      headers: { authorization: `Bearer ${key}` },
    });
    try {
      const page = browser.contexts()[0]!.pages()[0]!;
      await page.goto(target.url("/shop"));

      model.reset();
      model.enqueue({ json: { name: "Red Shoe", price: "$10" } });
      const extracted = await api(b, "POST", `/v1/sessions/${session.id}/extract`, key, {
        body: {
          instruction: "the product",
          schema: {
            type: "object",
            properties: { name: { type: "string" }, price: { type: "string" } },
            required: ["name", "price"],
          },
        },
      });
      expect(extracted).toMatchObject({
        status: 200,
        json: { result: { name: "Red Shoe", price: "$10" }, cacheStatus: "MISS" },
      });
      expect(model.requests).toHaveLength(1);
      expect(model.requests[0]!.text()).toContain("Price: $10");

      await page.goto(target.url("/form"));
      model.enqueue(actReplyOn("button: Go", "click"));
      const acted = await api(b, "POST", `/v1/sessions/${session.id}/act`, key, {
        body: { instruction: "click Go" },
      });
      expect(acted).toMatchObject({ status: 200, json: { result: { success: true } } });
      expect(await page.textContent("#out")).toBe("clicked");
    } finally {
      await browser.close();
    }

    // A refusal from the owner comes back as it is: a body A could not parse.
    const bad = await api(b, "POST", `/v1/sessions/${session.id}/act`, key, { body: { instruction: 3 } });
    expect(bad).toMatchObject({ status: 400, json: { error: "invalid_request" } });

    const ended = await api(b, "DELETE", `/v1/sessions/${session.id}`, key);
    expect(ended).toMatchObject({ status: 200, json: { status: "ENDED", endReason: "closed" } });
    expect(a.sessions.browserPid(session.id)).toBeUndefined();
    // What A metered, summed on B once A's ledger has written it (it writes in batches).
    await expect
      .poll(async () => (await api(b, "GET", "/v1/usage", key)).json?.["usage"])
      .toMatchObject({ extract: { count: 1 }, act: { count: 1 } });
  });

  it("leaves the sessions of live instances running when another instance starts", async () => {
    const { key } = await a.keys.createKey("third-instance");
    const session = await createOn(a, key);
    const c = await startInstance();
    try {
      expect(await api(c, "GET", `/v1/sessions/${session.id}`, key)).toMatchObject({
        status: 200,
        json: { status: "RUNNING" },
      });
      expect(a.sessions.browserPid(session.id)).toBeGreaterThan(0);
    } finally {
      await c.close();
      await api(a, "DELETE", `/v1/sessions/${session.id}`, key);
    }
  });

  it("answers another project's session id 404 on B as on A, and refuses its connectUrl alike", async () => {
    const owner = (await a.keys.createKey("owner-project")).key;
    const stranger = (await a.keys.createKey("stranger-project")).key;
    const session = await createOn(a, owner);
    try {
      for (const server of [a, b]) {
        expect((await api(server, "GET", `/v1/sessions/${session.id}`, stranger)).status).toBe(404);
        expect((await api(server, "DELETE", `/v1/sessions/${session.id}`, stranger)).status).toBe(404);
      }
      const onB = session.connectUrl.replace(a.url.replace(/^http/, "ws"), b.url.replace(/^http/, "ws"));
      await expect(
        chromium.connectOverCDP(onB, { headers: { authorization: `Bearer ${stranger}` }, timeout: 10_000 }),
      ).rejects.toThrow(/401/);
    } finally {
      await api(a, "DELETE", `/v1/sessions/${session.id}`, owner);
    }
  });

  it("holds a project's session limit across both instances, also when both create at once", async () => {
    const { key } = await a.keys.createKey("limited");
    const first = await createOn(a, key);
    const refused = await api(b, "POST", "/v1/sessions", key, { body: {} });
    expect(refused).toMatchObject({
      status: 429,
      json: { error: "rate_limited", message: expect.stringMatching(/already has 1 sessions running/) },
    });
    await api(b, "DELETE", `/v1/sessions/${first.id}`, key);

    const both = await Promise.all(
      [a, b].map((server) => api(server, "POST", "/v1/sessions", key, { body: {} })),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 429]);
    const made = both.find((answer) => answer.status === 200)!.json!["id"] as string;
    expect(
      await store.db
        .selectFrom("sessions")
        .select("id")
        .where("ended_at", "is", null)
        .where("id", "=", made)
        .execute(),
    ).toHaveLength(1);
    await api(b, "DELETE", `/v1/sessions/${made}`, key);
  });

  it("never forwards a request that was already forwarded: it is answered where it arrives", async () => {
    const { key } = await a.keys.createKey("loop");
    const session = await createOn(a, key);
    try {
      const marked = { headers: { [FORWARDED_BY]: "ins_elsewhere" } };
      const extract = await api(b, "POST", `/v1/sessions/${session.id}/extract`, key, {
        ...marked,
        body: { instruction: "anything" },
      });
      expect(extract).toMatchObject({
        status: 503,
        json: { message: expect.stringMatching(/already forwarded once.*not forwarded again/) },
      });
      // B answers the state from the store, without asking A.
      expect(await api(b, "GET", `/v1/sessions/${session.id}`, key, marked)).toMatchObject({
        status: 200,
        json: { status: "RUNNING" },
      });
      expect((await api(b, "DELETE", `/v1/sessions/${session.id}`, key, marked)).status).toBe(503);
      expect(a.sessions.browserPid(session.id)).toBeGreaterThan(0);

      // An instance the store says runs a session, at B's own address: B forwards once, to itself,
      // and the forwarded request is answered there instead of going round again.
      const looped = await strayInstance(key, b.url);
      const answer = await api(b, "POST", `/v1/sessions/${looped.sessionId}/act`, key, {
        body: { instruction: "click" },
      });
      expect(answer).toMatchObject({
        status: 503,
        json: { message: expect.stringMatching(/not forwarded again/) },
      });
    } finally {
      await api(a, "DELETE", `/v1/sessions/${session.id}`, key);
    }
  });

  it("answers 503 naming the instance when the session's instance does not answer, and ends it once that one is overdue", async () => {
    const { key } = await a.keys.createKey("unreachable");
    const closedPort = await freePort();
    const { instanceId, sessionId } = await strayInstance(key, `http://127.0.0.1:${closedPort}`);
    const state = await api(b, "GET", `/v1/sessions/${sessionId}`, key);
    expect(state).toMatchObject({
      status: 503,
      json: {
        error: "target_unreachable",
        message: expect.stringMatching(
          new RegExp(`runs on Loupe instance ${instanceId}, which is not answering`),
        ),
      },
    });
    const upgrade = await rawUpgrade(`${b.url}/v1/sessions/${sessionId}/connect`, {
      authorization: `Bearer ${key}`,
    });
    expect(upgrade).toMatch(/^HTTP\/1\.1 503[\s\S]*which is not answering/);

    // Its heartbeat overdue: B's next look ends its session as the shutdown, and the caller hears so.
    await store.db
      .updateTable("instances")
      .set({ heartbeat_at: new Date(Date.now() - 4 * 3_600_000).toISOString() })
      .where("id", "=", instanceId)
      .execute();
    await expect
      .poll(async () => (await api(b, "GET", `/v1/sessions/${sessionId}`, key)).json)
      .toMatchObject({ status: "ENDED", endReason: "server_shutdown" });
    expect(
      await api(b, "POST", `/v1/sessions/${sessionId}/extract`, key, { body: { instruction: "x" } }),
    ).toMatchObject({
      status: 409,
      json: { message: expect.stringMatching(/server_shutdown/) },
    });
  });

  it("ends the sessions of an instance killed without closing, by the survivors' heartbeat sweep", async () => {
    const { key } = await a.keys.createKey("killed");
    const child = startLoupe([
      "cloud",
      "serve",
      "--port",
      "0",
      "--database",
      database.url,
      "--heartbeat-interval",
      "0.5",
      "--max-sessions",
      "1",
    ]);
    children.push(child);
    const [, url] = await child.waitForStdout(/listening on (\S+)/, 60_000);
    const killed = { url: url! };
    // The store line, then the instance's id and the address the others forward to (its own).
    await expect
      .poll(() => child.stderr)
      .toMatch(new RegExp(`instance: ins_\\S+, reached by other instances at ${url}`));
    const session = await createOn(killed, key);
    // Through A while the child lives: forwarded to it.
    expect(await api(a, "GET", `/v1/sessions/${session.id}`, key)).toMatchObject({
      status: 200,
      json: { status: "RUNNING" },
    });
    const browsers = descendantPids(child.child.pid!);
    child.child.kill("SIGKILL");
    await child.exited;
    await expect
      .poll(async () => (await api(b, "GET", `/v1/sessions/${session.id}`, key)).json, { timeout: 30_000 })
      .toMatchObject({ status: "ENDED", endReason: "server_shutdown" });
    // Its project may start a session again (the limit counts the store's RUNNING rows).
    const again = await createOn(b, key);
    await api(b, "DELETE", `/v1/sessions/${again.id}`, key);
    // Both sessions' time is metered: the killed instance's by the sweep that ended it, B's by B.
    await expect
      .poll(async () => (await api(b, "GET", "/v1/usage", key)).json?.["usage"])
      .toMatchObject({ session: { count: 2, succeeded: 2 } });
    // Its browser does not outlive it (Chromium exits when its pipe to the dead process closes).
    await expect.poll(() => browsers.filter((pid) => isRunning(pid)), { timeout: 30_000 }).toEqual([]);
  });

  it("an instance found dead while it lives (a long pause) ends the browsers of the sessions the store ended, and serves on", async () => {
    const { key } = await a.keys.createKey("paused");
    const session = await createOn(a, key);
    // What B's sweep does to an instance whose heartbeat is overdue.
    await new InstanceRegistry(store, HEARTBEAT_MS).endInstance(a.instance.id);
    await expect.poll(() => a.sessions.browserPid(session.id), { timeout: 30_000 }).toBeUndefined();
    expect(await api(b, "GET", `/v1/sessions/${session.id}`, key)).toMatchObject({
      status: 200,
      json: { status: "ENDED", endReason: "server_shutdown" },
    });
    expect(await stoppedAt(a.instance.id)).toBeNull();
    const next = await createOn(a, key);
    expect((await api(b, "GET", `/v1/sessions/${next.id}`, key)).json).toMatchObject({ status: "RUNNING" });
    await api(b, "DELETE", `/v1/sessions/${next.id}`, key);
  });

  it("closing A ends its sessions in the store: B says ended, server_shutdown", async () => {
    const { key } = await a.keys.createKey("closing");
    const session = await createOn(a, key);
    await a.close();
    expect(await api(b, "GET", `/v1/sessions/${session.id}`, key)).toMatchObject({
      status: 200,
      json: { status: "ENDED", endReason: "server_shutdown" },
    });
    expect(await stoppedAt(a.instance.id)).not.toBeNull();
  });
});
