/**
 * examples/serverless end to end: the Vercel function runs behind a local HTTP server that gives it
 * Vercel's `req`/`res` helpers, with LOUPE_API_KEY and LOUPE_CLOUD_URL pointing at a real Loupe Cloud on
 * loopback (real key, real session browsers, the scripted model server). Whatever the outcome, the
 * session the function created must be over when it answers: the server's own API is asked.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import handler, { DEFAULTS } from "../examples/serverless/api/run.js";
import { startCloudHarness, startHttpServer, type CloudHarness } from "./support/cloud-harness.js";
import { actReplyOn } from "./support/harness.js";
import { startVercelHarness, type VercelHarness } from "./support/vercel-harness.js";

const CONSENT_PAGE = `<!doctype html><title>News</title>
<div id="banner"><p>We use cookies.</p><button onclick="document.getElementById('banner').remove()">Accept all</button></div>
<h1>Loupe ships CLOUD mode</h1>
<p>Hosted browser sessions with a result cache.</p>`;

let cloud: CloudHarness;
let fn: VercelHarness;
/** Session ids the service handed out during the current test, read off the wire. */
let created: string[];
/** The current test's key: a project of its own, so no test is answered from another's cached result. */
let apiKey: string;
let projects = 0;
const savedEnv = { ...process.env };

beforeAll(async () => {
  cloud = await startCloudHarness({
    model: true,
    routes: { "/news": (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(CONSENT_PAGE) },
  });
  fn = await startVercelHarness(handler);
});

afterAll(async () => {
  await fn?.close();
  await cloud?.close();
});

beforeEach(async () => {
  apiKey = (await cloud.server.keys.createKey(`serverless-${++projects}`)).key;
  process.env["LOUPE_API_KEY"] = apiKey;
  process.env["LOUPE_CLOUD_URL"] = cloud.server.url;
  delete process.env["CRON_SECRET"];
  delete process.env["TARGET_URL"];
  cloud.model!.reset();
  created = [];
  // Observe (never alter) the function's calls to the service, to learn which session it created.
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const response = await realFetch(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url === `${cloud.server.url}/v1/sessions` && init?.method === "POST" && response.ok) {
      const { id } = (await response.clone().json()) as { id: string };
      created.push(id);
    }
    return response;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const key of ["LOUPE_API_KEY", "LOUPE_CLOUD_URL", "CRON_SECRET", "TARGET_URL"]) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});

/** Calls the function; the answer's JSON body and status. */
async function call(
  method: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...options.headers };
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (payload !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(`${fn.url}/api/run`, { method, headers, body: payload });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Record<string, unknown>,
  };
}

/** The sessions created during the test, each as the service reports it now. */
async function sessionsCreated(): Promise<Record<string, unknown>[]> {
  return Promise.all(
    created.map(async (id) => {
      const answer = await cloud.api("GET", `/v1/sessions/${id}`, { apiKey });
      expect(answer.status).toBe(200);
      return answer.json ?? {};
    }),
  );
}

/** Exactly one session was created, and the service says it was ended by the client. */
async function expectOneSessionClosed(): Promise<void> {
  expect(await sessionsCreated()).toEqual([
    expect.objectContaining({ status: "ENDED", endReason: "closed" }),
  ]);
}

/** Scripts the model: the act clicks "Accept all", the extract answers `text`. */
function scriptAcceptAndAnswer(text: string): void {
  cloud.model!.enqueue(actReplyOn("button: Accept all", "click"), { text });
}

describe("POST /api/run", () => {
  it("opens the page, acts, extracts, and answers 200 { ok: true, data }", async () => {
    scriptAcceptAndAnswer("Loupe ships CLOUD mode: hosted browser sessions.");
    const answer = await call("POST", {
      body: { url: cloud.target.url("/news"), action: "accept the cookies", instruction: "the headline" },
    });
    expect(answer).toMatchObject({
      status: 200,
      json: {
        ok: true,
        data: {
          url: cloud.target.url("/news"),
          action: { success: true, action: { method: "click" } },
          extraction: "Loupe ships CLOUD mode: hosted browser sessions.",
        },
      },
    });
    // The act's and extract's prompts carried the caller's words.
    const prompts = cloud.model!.requests.map((request) => request.messages().at(-1)?.text ?? "");
    expect(prompts[0]).toContain("accept the cookies");
    expect(prompts[1]).toContain("the headline");
    // The click happened before the page was read: the banner is gone from the extract's snapshot.
    expect(prompts[1]).not.toContain("We use cookies");
    await expectOneSessionClosed();
  });

  it("fills missing fields with the documented defaults", async () => {
    process.env["TARGET_URL"] = cloud.target.url("/news");
    scriptAcceptAndAnswer("A headline.");
    const answer = await call("POST", { body: {} });
    expect(answer.status).toBe(200);
    const prompts = cloud.model!.requests.map((request) => request.messages().at(-1)?.text ?? "");
    expect(prompts[0]).toContain(DEFAULTS.action);
    expect(prompts[1]).toContain(DEFAULTS.instruction);
    await expectOneSessionClosed();
  });

  it("a bad key answers 500 { ok: false, error } and leaves no session behind", async () => {
    process.env["LOUPE_API_KEY"] = "lk_wrong";
    const answer = await call("POST", { body: { url: cloud.target.url("/news") } });
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ ok: false, error: expect.stringContaining("refused the API key") });
    expect(created).toEqual([]);
  });

  it("an unreachable page answers 500 { ok: false, error } and the session is closed", async () => {
    const gone = await startHttpServer((_req, res) => res.end());
    const url = gone.url("/nothing-here");
    await gone.close();
    const answer = await call("POST", { body: { url } });
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ ok: false, error: expect.stringContaining("ERR_CONNECTION_REFUSED") });
    expect(cloud.model!.requests).toHaveLength(0);
    await expectOneSessionClosed();
  });

  it("a body that is not JSON, or a field of the wrong kind, is a 400 and starts nothing", async () => {
    expect(await call("POST", { rawBody: "{not json" })).toMatchObject({
      status: 400,
      json: { ok: false, error: "The body is not valid JSON." },
    });
    expect(await call("POST", { body: { url: "ftp://example.com/" } })).toMatchObject({
      status: 400,
      json: { ok: false, error: '"url" must be an http(s) URL, not "ftp://example.com/".' },
    });
    expect(await call("POST", { body: { action: 3 } })).toMatchObject({
      status: 400,
      json: { ok: false, error: '"action" must be a non-empty string.' },
    });
    expect(created).toEqual([]);
  });
});

describe("GET /api/run (the cron job)", () => {
  it("without CRON_SECRET set, runs the defaults", async () => {
    process.env["TARGET_URL"] = cloud.target.url("/news");
    scriptAcceptAndAnswer("Cron ran.");
    const answer = await call("GET");
    expect(answer).toMatchObject({ status: 200, json: { ok: true, data: { extraction: "Cron ran." } } });
    await expectOneSessionClosed();
  });

  it("with CRON_SECRET set, runs only for Authorization: Bearer <CRON_SECRET>", async () => {
    process.env["CRON_SECRET"] = "s3cret";
    process.env["TARGET_URL"] = cloud.target.url("/news");
    const wrong: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong" },
      { authorization: "s3cret" },
    ];
    for (const headers of wrong) {
      const refused = await call("GET", { headers });
      expect(refused).toMatchObject({ status: 401, json: { ok: false } });
    }
    expect(created).toEqual([]);

    scriptAcceptAndAnswer("Cron ran with its secret.");
    const answer = await call("GET", { headers: { authorization: "Bearer s3cret" } });
    expect(answer).toMatchObject({
      status: 200,
      json: { ok: true, data: { extraction: "Cron ran with its secret." } },
    });
    await expectOneSessionClosed();
  });
});

describe("other methods", () => {
  it("answer 405 with Allow: GET, POST", async () => {
    const answer = await call("PUT", { body: {} });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, POST");
    expect(answer.json).toEqual({ ok: false, error: "Method PUT not allowed: use POST (or GET)." });
    expect(created).toEqual([]);
  });
});
