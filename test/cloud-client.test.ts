/**
 * The SDK's env "CLOUD" end to end: a real Loupe Cloud on loopback with a real key, its sessions' real
 * Chromium, loopback target pages and the scripted model server as the cloud's model. A CLOUD client
 * drives the page with Playwright over the session's connectUrl, and its extract and act run on the
 * server (with the result cache); the server's own API says what became of the session.
 */
import { Client, ClientError, SchemaValidationError, type LogLine } from "@loupe/core";
import type { Page } from "playwright-core";
import puppeteer from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { startCloudHarness, startHttpServer, type CloudHarness } from "./support/cloud-harness.js";
import { actReplyOn, rejectionOf, withEnv } from "./support/harness.js";

let h: CloudHarness;

const SHOP = `<!doctype html><title>Shop</title>
<h1>Red Shoe</h1>
<p>Price: $12</p>
<p id="status">Cart empty</p>
<button onclick="document.getElementById('status').textContent = 'Added to cart'">Add to cart</button>`;

const productSchema = z.object({
  name: z.string(),
  // A transform the JSON Schema sent to the server cannot carry: it must run here, on the client.
  price: z.string().transform((text) => Number(text.replace(/[^\d.]/g, ""))),
  status: z.string(),
});

beforeAll(async () => {
  h = await startCloudHarness({
    model: true,
    routes: { "/shop": (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(SHOP) },
  });
});

afterAll(async () => {
  await h?.close();
});

/** A CLOUD client on the harness's server; its log lines go to `logs`. */
function cloudClient(options: ConstructorParameters<typeof Client>[0] = {}, logs: LogLine[] = []): Client {
  return new Client({
    env: "CLOUD",
    apiKey: h.apiKey,
    cloudURL: h.server.url,
    disablePino: true,
    logger: (line) => logs.push(line),
    ...options,
  });
}

/** The session id the client logged when it started. */
function sessionIdOf(logs: LogLine[]): string {
  const started = logs.find((line) => line.message === "browser started");
  const id = started?.details?.["sessionId"];
  if (typeof id !== "string") throw new Error(`no session id in the client's logs: ${JSON.stringify(logs)}`);
  return id;
}

async function sessionState(id: string): Promise<Record<string, unknown> | undefined> {
  const answer = await h.api("GET", `/v1/sessions/${id}`);
  expect(answer.status).toBe(200);
  return answer.json;
}

async function openShop(client: Client): Promise<Page> {
  const page = client.context.pages()[0] ?? (await client.context.newPage());
  await page.goto(h.target.url("/shop"), { waitUntil: "load" });
  return page;
}

describe("a CLOUD client", () => {
  const logs: LogLine[] = [];
  let client: Client;
  let page: Page;

  beforeAll(async () => {
    client = cloudClient({}, logs);
    await client.init();
    page = await openShop(client);
  });

  afterAll(async () => {
    await client?.close().catch(() => {});
  });

  it("creates a hosted session and drives its browser with Playwright", async () => {
    const state = await sessionState(sessionIdOf(logs));
    expect(state).toMatchObject({ status: "RUNNING", region: "local" });
    expect(client.context.pages()).toContain(page);
    expect(await page.title()).toBe("Shop");
    const second = await client.context.newPage();
    expect(client.context.pages()).toHaveLength(2);
    await second.close();
  });

  it("act runs on the server, on the client's page", async () => {
    h.model!.reset();
    h.model!.enqueue(actReplyOn("button: Add to cart", "click"));
    const result = await client.act("click Add to cart");
    expect(result).toMatchObject({ success: true, action: { method: "click" } });
    expect(await page.locator("#status").textContent()).toBe("Added to cart");
    expect(h.model!.requests).toHaveLength(1);
    // The server's usage is the client's: one model call, its tokens.
    expect(client.metrics.act).toMatchObject({ calls: 1, llmCalls: 1, inputTokens: 10, outputTokens: 5 });
  });

  it("the same extract twice is a MISS then a HIT, and the HIT makes no model call", async () => {
    h.model!.reset();
    h.model!.enqueue({ json: { name: "Red Shoe", price: "$12", status: "Added to cart" } });
    const first = await client.extract("the product", productSchema);
    // The caller's zod schema parsed the value: its transform turned the price into a number.
    expect(first).toEqual({ name: "Red Shoe", price: 12, status: "Added to cart", cacheStatus: "MISS" });
    expect(h.model!.requests).toHaveLength(1);

    const second = await client.extract("the product", productSchema);
    expect(second).toEqual({ name: "Red Shoe", price: 12, status: "Added to cart", cacheStatus: "HIT" });
    expect(h.model!.requests).toHaveLength(1);
    expect(client.metrics.extract).toMatchObject({ calls: 2, llmCalls: 1, inputTokens: 10, outputTokens: 5 });
  });

  it("a changed page is a MISS", async () => {
    h.model!.reset();
    await page.evaluate(`document.getElementById("status").textContent = "Sold out"`);
    h.model!.enqueue({ json: { name: "Red Shoe", price: "$12", status: "Sold out" } });
    const result = await client.extract("the product", productSchema);
    expect(result).toEqual({ name: "Red Shoe", price: 12, status: "Sold out", cacheStatus: "MISS" });
    expect(h.model!.requests).toHaveLength(1);
    expect(h.model!.requests[0]!.messages().at(-1)?.text).toContain("Sold out");
  });

  it("serverCache: false on the call bypasses the cache: a model call and no cacheStatus", async () => {
    h.model!.reset();
    h.model!.enqueue({ json: { name: "Red Shoe", price: "$12", status: "Sold out" } });
    const result = await client.extract("the product", productSchema, { serverCache: false });
    expect(result).toEqual({ name: "Red Shoe", price: 12, status: "Sold out" });
    expect(h.model!.requests).toHaveLength(1);
  });

  it("the free-text form is cached too and carries cacheStatus; page text needs no model", async () => {
    h.model!.reset();
    h.model!.enqueue({ text: "A red shoe for $12." });
    expect(await client.extract("what is sold here?")).toEqual({
      extraction: "A red shoe for $12.",
      cacheStatus: "MISS",
    });
    expect(await client.extract("what is sold here?")).toEqual({
      extraction: "A red shoe for $12.",
      cacheStatus: "HIT",
    });
    const { pageText } = await client.extract();
    expect(pageText).toContain("Red Shoe");
    expect(h.model!.requests).toHaveLength(1);
  });

  it("an answer the server could not fit to the schema is the same SchemaValidationError as in LOCAL", async () => {
    h.model!.reset();
    // The first answer and the repair turn's answer both miss the schema (no status, price a number).
    h.model!.enqueue({ json: { name: "Red Shoe", price: 12 } });
    h.model!.enqueue({ json: { name: "Red Shoe", price: 12 } });
    const error = await rejectionOf(client.extract("the product", productSchema, { serverCache: false }));
    expect(error).toBeInstanceOf(SchemaValidationError);
    const miss = error as SchemaValidationError;
    expect(miss.received).toEqual({ name: "Red Shoe", price: 12 });
    expect(miss.issues.map((issue) => issue.path.join("."))).toEqual(
      expect.arrayContaining(["price", "status"]),
    );
    expect(h.model!.requests).toHaveLength(2);
  });

  it("reads the page passed as `page`, also a Puppeteer page attached through connectURL()", async () => {
    expect(client.connectURL()).toMatch(
      new RegExp(`^ws://127\\.0\\.0\\.1:${h.server.port}/v1/sessions/[^/]+/connect\\?apiKey=`),
    );
    const browser = await puppeteer.connect({ browserWSEndpoint: client.connectURL() });
    try {
      const pages = await browser.pages();
      const shop = pages.find((p) => p.url().endsWith("/shop"));
      expect(shop).toBeDefined();
      const { pageText } = await client.extract({ page: shop });
      expect(pageText).toContain("Sold out");
    } finally {
      await browser.disconnect();
    }
  });

  it("a per-call model is refused: the server's model answers", async () => {
    const error = await rejectionOf(client.extract("x", { model: "openai/gpt-4.1" }));
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toContain('option "model" has no effect with env "CLOUD"');
  });
});

describe("serverCache: false on the client", () => {
  it("every extract calls the model and no result has a cacheStatus", async () => {
    const client = cloudClient({ serverCache: false });
    await client.init();
    try {
      await openShop(client);
      h.model!.reset();
      const answer = { json: { name: "Red Shoe", price: "$12", status: "Cart empty" } };
      h.model!.enqueue(answer, answer);
      for (let i = 0; i < 2; i++) {
        expect(await client.extract("the product", productSchema)).toEqual({
          name: "Red Shoe",
          price: 12,
          status: "Cart empty",
        });
      }
      expect(h.model!.requests).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});

describe("init fails with a ClientError that says what to change", () => {
  it("without a key: set LOUPE_API_KEY or pass apiKey", async () => {
    await withEnv({ LOUPE_API_KEY: undefined }, async () => {
      const client = new Client({ env: "CLOUD", cloudURL: h.server.url, disablePino: true });
      const error = await rejectionOf(client.init());
      expect(error).toBeInstanceOf(ClientError);
      expect((error as Error).message).toContain("set LOUPE_API_KEY or pass `apiKey`");
    });
  });

  it("takes the key and URL from LOUPE_API_KEY and LOUPE_CLOUD_URL", async () => {
    const logs: LogLine[] = [];
    await withEnv({ LOUPE_API_KEY: h.apiKey, LOUPE_CLOUD_URL: h.server.url }, async () => {
      const client = new Client({ env: "CLOUD", disablePino: true, logger: (line) => logs.push(line) });
      await client.init();
      await client.close();
    });
    expect(await sessionState(sessionIdOf(logs))).toMatchObject({ status: "ENDED", endReason: "closed" });
  });

  it("with a wrong key: the server refused it, naming the server", async () => {
    const client = cloudClient({ apiKey: "lk_not_a_key" });
    const error = await rejectionOf(client.init());
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toContain(`Loupe Cloud at ${h.server.url} refused the API key`);
    await client.close();
  });

  it("with no server at cloudURL: names the URL and how to start one", async () => {
    const nothing = await startHttpServer((_req, res) => res.end());
    const cloudURL = nothing.url("").replace(/\/$/, "");
    await nothing.close();
    const error = await rejectionOf(cloudClient({ cloudURL }).init());
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toContain(`Loupe Cloud at ${cloudURL} could not be reached`);
    expect((error as Error).message).toContain("npx loupe cloud serve");
  });
});

describe("close", () => {
  it("ends the session on the server", async () => {
    const logs: LogLine[] = [];
    const client = cloudClient({}, logs);
    await client.init();
    const id = sessionIdOf(logs);
    expect(await sessionState(id)).toMatchObject({ status: "RUNNING" });
    await client.close();
    expect(await sessionState(id)).toMatchObject({ status: "ENDED", endReason: "closed" });
  });

  it("after the session ended under the client: calls say the browser is gone, close() still succeeds", async () => {
    const logs: LogLine[] = [];
    const client = cloudClient({}, logs);
    await client.init();
    const id = sessionIdOf(logs);
    expect((await h.api("DELETE", `/v1/sessions/${id}`)).status).toBe(200);
    await expect
      .poll(() => rejectionOf(client.extract()).then((e) => (e as Error).message))
      .toContain("The browser is no longer running");
    // The message points at where the service says why (idle timeout, crash, DELETE).
    expect(((await rejectionOf(client.extract())) as Error).message).toContain(`GET /v1/sessions/${id}`);
    await client.close();
    expect(await sessionState(id)).toMatchObject({ status: "ENDED", endReason: "closed" });
  });
});
