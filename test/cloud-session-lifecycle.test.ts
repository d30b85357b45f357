/**
 * Loupe Cloud hosted sessions end to end, their lives: ended by DELETE, by the idle timeout, by their
 * browser crashing, by the server shutting down; the per-project limit; ad blocking; session time in
 * usage. Real Chromium per session; no orphan browser survives a test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody, startCloudHarness, type CloudHarness } from "./support/cloud-harness.js";
import { isRunning } from "./support/processes.js";
import { connectSession, createSession, html, waitUntilEnded } from "./support/session-harness.js";

let h: CloudHarness;

beforeAll(async () => {
  h = await startCloudHarness({
    server: { maxSessionsPerProject: 2 },
    routes: {
      "/": html("<h1>Hello</h1>"),
      // The ad hosts do not resolve here; blocked, they fail before any lookup, with another reason.
      "/ads": html(
        '<h1>With ads</h1><img src="http://ads.doubleclick.net/pixel.gif"><img src="http://www.google-analytics.com/collect"><img src="http://cdn.example-not-listed.invalid/a.png">',
      ),
    },
  });
});

afterAll(async () => {
  await h.close();
});

describe("ending a session", () => {
  it("DELETE kills the browser and answers ENDED (closed); again is the same; extract then says why", async () => {
    const session = await createSession(h);
    const pid = h.server.sessions.browserPid(session.id)!;
    expect(isRunning(pid)).toBe(true);

    const ended = await h.api("DELETE", `/v1/sessions/${session.id}`);
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({
      id: session.id,
      connectUrl: session.connectUrl,
      status: "ENDED",
      endReason: "closed",
      endedAt: expect.any(String),
    });
    expect(isRunning(pid)).toBe(false);
    const again = await h.api("DELETE", `/v1/sessions/${session.id}`);
    expect(again.json).toEqual(ended.json);

    const extract = await h.api("POST", `/v1/sessions/${session.id}/extract`, { body: {} });
    expectErrorBody(extract, 409, "invalid_request");
    expect(extract.json?.["message"]).toMatch(/has ended \(closed\)/);
  });

  it("a session nobody uses ends after the idle timeout, closing its proxied connection", async () => {
    // A server of its own: a short idle timeout would end the other tests' sessions under them. Long
    // enough for Playwright's connect (several CDP round trips) to finish first on a loaded machine: a
    // session that idles out while the client is still connecting is a different case from this one.
    const idle = await startCloudHarness({ server: { sessionIdleTimeoutMs: 4_000 } });
    try {
      const session = await createSession(idle);
      const { browser } = await connectSession(session, idle.apiKey);
      const disconnected = new Promise<void>((resolve) => browser.once("disconnected", () => resolve()));
      await waitUntilEnded(idle, session.id);
      await disconnected;
      const state = await idle.api("GET", `/v1/sessions/${session.id}`);
      expect(state.json).toMatchObject({ status: "ENDED", endReason: "idle_timeout" });
    } finally {
      await idle.close();
    }
  });

  it("a session whose browser is killed reports browser_crashed, and extract says so", async () => {
    const session = await createSession(h);
    process.kill(h.server.sessions.browserPid(session.id)!, "SIGKILL");
    await waitUntilEnded(h, session.id);

    const state = await h.api("GET", `/v1/sessions/${session.id}`);
    expect(state.json).toMatchObject({ status: "ENDED", endReason: "browser_crashed" });
    const extract = await h.api("POST", `/v1/sessions/${session.id}/extract`, { body: {} });
    expectErrorBody(extract, 409, "invalid_request");
    expect(extract.json?.["message"]).toMatch(/browser_crashed.*exited unexpectedly/);
    const act = await h.api("POST", `/v1/sessions/${session.id}/act`, { body: { instruction: "click" } });
    expectErrorBody(act, 409, "invalid_request");
  });
});

describe("limits and usage", () => {
  it("refuses a project's session past its limit with 429, and allows one again once another ended", async () => {
    const first = await createSession(h);
    const second = await createSession(h);
    const third = await h.api("POST", "/v1/sessions", { body: {} });
    expectErrorBody(third, 429, "rate_limited");
    expect(third.json?.["message"]).toMatch(/2 sessions running.*DELETE \/v1\/sessions\/:id/);

    // Another project has a limit of its own.
    const other = (await h.server.keys.createKey("limits-other")).key;
    const theirs = await createSession(h, {}, other);

    await h.api("DELETE", `/v1/sessions/${first.id}`);
    const fourth = await createSession(h);
    for (const [id, key] of [
      [second.id, h.apiKey],
      [fourth.id, h.apiKey],
      [theirs.id, other],
    ] as const)
      await h.api("DELETE", `/v1/sessions/${id}`, { apiKey: key });
  });

  it("counts session time and extract calls in /v1/usage", async () => {
    const key = (await h.server.keys.createKey("usage")).key;
    const session = await createSession(h, {}, key);
    await h.api("POST", `/v1/sessions/${session.id}/extract`, { body: {}, apiKey: key });
    await h.api("DELETE", `/v1/sessions/${session.id}`, { apiKey: key });
    const usage = await h.api("GET", "/v1/usage", { apiKey: key });
    const totals = usage.json?.["usage"] as Record<
      string,
      { count: number; units: number; succeeded: number }
    >;
    expect(totals["session"]).toMatchObject({ count: 1, succeeded: 1 });
    expect(totals["session"]!.units).toBeGreaterThan(0);
    expect(totals["extract"]).toMatchObject({ count: 1, succeeded: 1 });
  });
});

describe("browserSettings.blockAds", () => {
  /** Each failed request of a page load: URL → Chromium's reason. */
  async function failedRequests(blockAds: boolean, newPage: boolean): Promise<Map<string, string>> {
    const session = await createSession(h, { browserSettings: { blockAds } });
    const { browser, page: first } = await connectSession(session, h.apiKey);
    try {
      const page = newPage ? await first.context().newPage() : first;
      const failed = new Map<string, string>();
      page.on("requestfailed", (request) => failed.set(request.url(), request.failure()?.errorText ?? ""));
      await page.goto(h.target.url("/ads"), { waitUntil: "load" });
      return failed;
    } finally {
      await browser.close();
      await h.api("DELETE", `/v1/sessions/${session.id}`);
    }
  }

  it("blocks listed hosts before any lookup, on the first page and on pages opened later", async () => {
    for (const newPage of [false, true]) {
      const failed = await failedRequests(true, newPage);
      // Blocked by the browser's DevTools block list ("inspector"), not by a failed DNS lookup.
      expect(failed.get("http://ads.doubleclick.net/pixel.gif")).toBe("inspector");
      expect(failed.get("http://www.google-analytics.com/collect")).toBe("inspector");
      expect(failed.get("http://cdn.example-not-listed.invalid/a.png")).toMatch(/ERR_NAME_NOT_RESOLVED/);
    }
  });

  it("blocks nothing without it", async () => {
    const failed = await failedRequests(false, false);
    // Offline it fails the DNS lookup; online it may load: either way it is not blocked.
    expect(failed.get("http://ads.doubleclick.net/pixel.gif")).not.toBe("inspector");
  });
});

describe("server shutdown", () => {
  it("ends every session as server_shutdown and leaves no browser running", async () => {
    const own = await startCloudHarness();
    const session = await createSession(own);
    const pid = own.server.sessions.browserPid(session.id)!;
    const { server, dataDir } = own;
    await server.close();
    expect(isRunning(pid)).toBe(false);

    const { openDatabase } = await import("../cloud/src/db/database.js");
    const store = await openDatabase({ dataDir, databaseUrl: own.databaseUrl });
    try {
      expect(
        await store.db
          .selectFrom("sessions")
          .select("end_reason")
          .where("id", "=", session.id)
          .executeTakeFirst(),
      ).toEqual({ end_reason: "server_shutdown" });
    } finally {
      await store.close();
      await own.close();
    }
  });
});
