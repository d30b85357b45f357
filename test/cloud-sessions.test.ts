/**
 * Loupe Cloud hosted sessions end to end: a real server on loopback with real keys, a real Chromium per
 * session reached through the server's CDP proxy by Playwright, loopback target pages, and the scripted
 * model server as the server's model. Server-side extract with its cache, act, and who may reach what.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody, startCloudHarness, type CloudHarness } from "./support/cloud-harness.js";
import { actReply, actReplyOn, idOf, lastUserText } from "./support/harness.js";
import type { Page } from "playwright-core";
import type { ModelServer } from "./support/model-server.js";
import { rawUpgrade } from "./support/raw-upgrade.js";
import { connectSession, createSession, html, type CreatedSession } from "./support/session-harness.js";

let h: CloudHarness;
let model: ModelServer;
let price = "$10";

beforeAll(async () => {
  h = await startCloudHarness({
    model: true,
    routes: {
      "/shop": html(() => `<title>Shop</title><h1>Red Shoe</h1><p>Price: ${price}</p><a href="/buy">Buy</a>`),
      "/form": html(
        `<button onclick="document.getElementById('out').textContent='clicked'">Go</button><p id="out">idle</p>`,
      ),
    },
  });
  model = h.model!;
});

afterAll(async () => {
  await h.close();
});

const SCHEMA = {
  type: "object",
  properties: { name: { type: "string" }, price: { type: "string" } },
  required: ["name", "price"],
};

/**
 * Runs `work` on a session of the project `project` (a name no other test uses, so the usage is the
 * work's alone), its page driven through connectUrl; answers the project's `/v1/usage` once the session
 * has ended.
 */
async function usageOfOwnSession(
  project: string,
  work: (own: CreatedSession, key: string, page: Page) => Promise<void>,
): Promise<unknown> {
  const key = (await h.server.keys.createKey(project)).key;
  const own = await createSession(h, {}, key);
  const { browser, page } = await connectSession(own, key);
  model.reset();
  try {
    await work(own, key, page);
  } finally {
    await browser.close();
    await h.api("DELETE", `/v1/sessions/${own.id}`, { apiKey: key });
  }
  return (await h.api("GET", "/v1/usage", { apiKey: key })).json?.["usage"];
}

/** Asks the session to click Go; the model answers with `method` on it, at 400 + 20 tokens. */
function actOnGo(own: CreatedSession, key: string, method: string) {
  model.enqueue((request) => ({
    ...actReply(idOf(lastUserText(request), "button: Go"), method),
    usage: { input: 400, output: 20 },
  }));
  return h.api("POST", `/v1/sessions/${own.id}/act`, { body: { instruction: "click Go" }, apiKey: key });
}

describe("a session driven through connectUrl, read by server-side extract", () => {
  let session: CreatedSession;

  beforeAll(async () => {
    session = await createSession(h);
  });
  afterAll(async () => {
    await h.api("DELETE", `/v1/sessions/${session.id}`);
  });

  it("answers the created session's id, a ws connectUrl on the server's host, the region and the time", () => {
    expect(session.id).toMatch(/^ses_/);
    expect(session.connectUrl).toBe(`ws://127.0.0.1:${h.server.port}/v1/sessions/${session.id}/connect`);
    expect(session.region).toBe("local");
    expect(new Date(session.createdAt).toString()).not.toBe("Invalid Date");
  });

  it("extracts the same thing twice: MISS then HIT with no second model call; a changed page is a MISS", async () => {
    const { browser, page } = await connectSession(session, h.apiKey);
    try {
      await page.goto(h.target.url("/shop"));
      model.reset();
      model.enqueue({ json: { name: "Red Shoe", price: "$10" } });
      const body = { instruction: "the product", schema: SCHEMA };

      const first = await h.api("POST", `/v1/sessions/${session.id}/extract`, { body });
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({
        result: { name: "Red Shoe", price: "$10" },
        cacheStatus: "MISS",
        usage: { llmCalls: 1, inputTokens: 10, outputTokens: 5 },
      });
      expect(model.requests).toHaveLength(1);
      expect(model.requests[0]!.text()).toContain("Price: $10");

      const second = await h.api("POST", `/v1/sessions/${session.id}/extract`, { body });
      expect(second.json).toMatchObject({
        result: { name: "Red Shoe", price: "$10" },
        cacheStatus: "HIT",
        usage: { llmCalls: 0, inputTokens: 0, outputTokens: 0 },
      });
      expect(model.requests).toHaveLength(1);

      price = "$12";
      await page.reload();
      model.enqueue({ json: { name: "Red Shoe", price: "$12" } });
      const changed = await h.api("POST", `/v1/sessions/${session.id}/extract`, { body });
      expect(changed.json).toMatchObject({ result: { price: "$12" }, cacheStatus: "MISS" });
      expect(model.requests).toHaveLength(2);

      // Another instruction over the same page is another question: a MISS too.
      model.enqueue({ text: "A red shoe." });
      const text = await h.api("POST", `/v1/sessions/${session.id}/extract`, {
        body: { instruction: "describe the product" },
      });
      expect(text.json).toMatchObject({ result: { extraction: "A red shoe." }, cacheStatus: "MISS" });
      expect(model.requests).toHaveLength(3);
    } finally {
      await browser.close();
    }
  });

  it("serverCache: false makes a model call and answers without cacheStatus", async () => {
    model.reset();
    model.enqueue({ json: { name: "Red Shoe", price: "$12" } });
    const answer = await h.api("POST", `/v1/sessions/${session.id}/extract`, {
      body: { instruction: "the product", schema: SCHEMA, options: { serverCache: false } },
    });
    expect(answer.status).toBe(200);
    expect(answer.json?.["result"]).toEqual({ name: "Red Shoe", price: "$12" });
    expect(answer.json).not.toHaveProperty("cacheStatus");
    expect(model.requests).toHaveLength(1);
  });

  it("page text needs no model and carries no cacheStatus", async () => {
    model.reset();
    const answer = await h.api("POST", `/v1/sessions/${session.id}/extract`, { body: {} });
    expect(answer.status).toBe(200);
    expect(answer.json?.["result"]).toMatchObject({ pageText: expect.stringContaining("Red Shoe") });
    expect(answer.json).not.toHaveProperty("cacheStatus");
    expect(model.requests).toHaveLength(0);
  });

  it("reads the page named by targetId, and says which targets exist for an unknown one", async () => {
    const { browser, page } = await connectSession(session, h.apiKey);
    try {
      const second = await page.context().newPage();
      await second.goto(h.target.url("/form"));
      const cdp = await page.context().newCDPSession(page);
      const { targetInfo } = (await cdp.send("Target.getTargetInfo")) as { targetInfo: { targetId: string } };
      await cdp.detach();

      const byDefault = await h.api("POST", `/v1/sessions/${session.id}/extract`, { body: {} });
      expect((byDefault.json?.["result"] as { pageText: string }).pageText).toContain("button: Go");
      const named = await h.api("POST", `/v1/sessions/${session.id}/extract`, {
        body: { options: { targetId: targetInfo.targetId } },
      });
      expect((named.json?.["result"] as { pageText: string }).pageText).toContain("Red Shoe");

      const unknown = await h.api("POST", `/v1/sessions/${session.id}/extract`, {
        body: { options: { targetId: "NOPE" } },
      });
      expectErrorBody(unknown, 400, "invalid_request");
      expect(unknown.json?.["message"]).toContain(targetInfo.targetId);
      await second.close();
    } finally {
      await browser.close();
    }
  });

  it("answers an extract on a page stuck in a script with target_timeout once its timeout passes", async () => {
    const { browser, page } = await connectSession(session, h.apiKey);
    try {
      const stuck = await page.context().newPage();
      await stuck.setContent("<h1>Stuck page</h1>");
      const cdp = await page.context().newCDPSession(stuck);
      const { targetInfo } = (await cdp.send("Target.getTargetInfo")) as { targetInfo: { targetId: string } };
      await cdp.detach();
      // The renderer now answers nothing: no read of it can finish.
      await stuck.evaluate("setTimeout(() => { for (;;); }, 0)");
      const answer = await h.api("POST", `/v1/sessions/${session.id}/extract`, {
        body: { options: { targetId: targetInfo.targetId, timeout: 1_000 } },
      });
      expectErrorBody(answer, 504, "target_timeout");
      expect(answer.json?.["message"]).toContain("1000 ms");
      await stuck.close();
    } finally {
      await browser.close();
    }
  });

  it("acts on the page with the server's model", async () => {
    const { browser, page } = await connectSession(session, h.apiKey);
    try {
      await page.goto(h.target.url("/form"));
      model.reset();
      model.enqueue(actReplyOn("button: Go", "click"));
      const answer = await h.api("POST", `/v1/sessions/${session.id}/act`, {
        body: { instruction: "click Go" },
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        result: { success: true, action: { method: "click" } },
        usage: { llmCalls: 1 },
      });
      expect(await page.textContent("#out")).toBe("clicked");
    } finally {
      await browser.close();
    }
  });

  it("meters each extract's and act's model tokens in /v1/usage; a cache HIT costs none", async () => {
    const usage = await usageOfOwnSession("tokens", async (own, key, page) => {
      await page.goto(h.target.url("/shop"));
      model.enqueue({ json: { name: "Red Shoe", price }, usage: { input: 700, output: 30 } });
      const body = { instruction: "the product", schema: SCHEMA };
      for (const status of ["MISS", "HIT"])
        expect(
          (await h.api("POST", `/v1/sessions/${own.id}/extract`, { body, apiKey: key })).json,
        ).toMatchObject({
          cacheStatus: status,
        });
      await page.goto(h.target.url("/form"));
      expect((await actOnGo(own, key, "click")).status).toBe(200);
    });
    expect(usage).toMatchObject({
      extract: { count: 2, succeeded: 2, inputTokens: 700, outputTokens: 30 },
      act: { count: 1, succeeded: 1, inputTokens: 400, outputTokens: 20 },
      session: { count: 1, inputTokens: 0, outputTokens: 0 },
    });
  });

  it("meters the tokens of an extract and an act that fail after the model answered, once each", async () => {
    const usage = await usageOfOwnSession("failed tokens", async (own, key, page) => {
      await page.goto(h.target.url("/shop"));
      // The answer and the repair turn's both miss the schema (no price): two calls, then a 422.
      model.enqueue(
        { json: { name: "Red Shoe" }, usage: { input: 300, output: 11 } },
        { json: { name: "Red Shoe" }, usage: { input: 350, output: 12 } },
      );
      const extract = await h.api("POST", `/v1/sessions/${own.id}/extract`, {
        body: { instruction: "the product", schema: SCHEMA, options: { serverCache: false } },
        apiKey: key,
      });
      expect(extract.status).toBe(422);
      expect(extract.json).toMatchObject({ error: "extraction_failed" });
      expect(model.requests).toHaveLength(2);
      await page.goto(h.target.url("/form"));
      // A method act does not have: one model call, then the call fails.
      expect((await actOnGo(own, key, "tap")).status).toBeGreaterThanOrEqual(400);
      expect(model.requests).toHaveLength(3);
    });
    expect(usage).toMatchObject({
      extract: { count: 1, succeeded: 0, inputTokens: 650, outputTokens: 23 },
      act: { count: 1, succeeded: 0, inputTokens: 400, outputTokens: 20 },
    });
  });

  it("refuses bodies that do not fit, naming the field", async () => {
    const extract = await h.api("POST", `/v1/sessions/${session.id}/extract`, {
      body: { instruction: "x", options: { timeout: -1 } },
    });
    expectErrorBody(extract, 400, "invalid_request");
    expect(extract.json?.["message"]).toContain("options.timeout");
    const schemaAlone = await h.api("POST", `/v1/sessions/${session.id}/extract`, {
      body: { schema: SCHEMA },
    });
    expectErrorBody(schemaAlone, 400, "invalid_request");
    expect(schemaAlone.json?.["message"]).toContain("instruction");
    const act = await h.api("POST", `/v1/sessions/${session.id}/act`, { body: { instruction: "" } });
    expectErrorBody(act, 400, "invalid_request");
    expect(act.json?.["message"]).toContain("instruction");
    const create = await h.api("POST", "/v1/sessions", { body: { browserSettings: { blockAds: "yes" } } });
    expectErrorBody(create, 400, "invalid_request");
    expect(create.json?.["message"]).toContain("browserSettings.blockAds");
  });

  it("refuses a region the server does not serve, naming the one it does", async () => {
    const answer = await h.api("POST", "/v1/sessions", { body: { region: "eu-west-1" } });
    expectErrorBody(answer, 400, "invalid_request");
    expect(answer.json?.["message"]).toContain('"local"');
  });
});

describe("another project", () => {
  it("cannot open the session's connectUrl, nor see, end, extract from or act on the session", async () => {
    const session = await createSession(h);
    const other = (await h.server.keys.createKey("other")).key;
    try {
      for (const headers of [{ authorization: `Bearer ${other}` }, {}] as Record<string, string>[]) {
        const upgrade = await rawUpgrade(session.connectUrl, headers);
        expect(upgrade).toMatch(/^HTTP\/1\.1 401 /);
      }
      expect(await rawUpgrade(`${session.connectUrl}?apiKey=${other}`, {})).toMatch(/^HTTP\/1\.1 401 /);
      expect(await rawUpgrade(`${session.connectUrl}?apiKey=${h.apiKey}`, {})).toMatch(/^HTTP\/1\.1 101 /);

      for (const [method, path, body] of [
        ["GET", `/v1/sessions/${session.id}`, undefined],
        ["DELETE", `/v1/sessions/${session.id}`, undefined],
        ["POST", `/v1/sessions/${session.id}/extract`, {}],
        ["POST", `/v1/sessions/${session.id}/act`, { instruction: "click" }],
      ] as const) {
        expectErrorBody(await h.api(method, path, { body, apiKey: other }), 404, "invalid_request");
        expectErrorBody(await h.api(method, path, { body, apiKey: null }), 401, "unauthorized");
      }
      const state = await h.api("GET", `/v1/sessions/${session.id}`);
      expect(state.json?.["status"]).toBe("RUNNING");
    } finally {
      await h.api("DELETE", `/v1/sessions/${session.id}`);
    }
  });
});
