/**
 * Loupe Cloud from the command line, each command in its own child process run from sources:
 * `loupe cloud keys …` against a data directory a live server uses, `loupe cloud serve`, and
 * `loupe fetch` in process or against a running one.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCloudServer, type CloudServer } from "@loupe/cloud";
import { cloud } from "@loupe/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectFetchError,
  startCloudHarness,
  startTargetSite,
  type CloudHarness,
  type TargetSite,
} from "./support/cloud-harness.js";
import { runLoupe, startLoupe } from "./support/loupe-cli.js";
import { startModelServer, type ModelServer } from "./support/model-server.js";

const KEY_LINE = /^lp_[A-Za-z0-9_-]{43}\n$/;

const PAGE_HTML = `<!doctype html>
<html><head><title>Tide Tables</title>
<script type="application/ld+json">{"@type":"Article","headline":"Tide Tables","author":{"@type":"Person","name":"The harbour master"},"datePublished":"2024-04-01"}</script></head>
<body>
  <nav><a href="/">Home</a> <a href="/subscribe">Subscribe to the newsletter</a></nav>
  <main><article>
    <h1>Tide Tables</h1>
    <p>High and low water for the harbour, measured every day by the harbour master since 1903 and
    published here for sailors, anglers and anyone who walks the causeway at low tide.</p>
    <h2>This week</h2>
    <ul><li>Monday: high water 06:12</li><li>Tuesday: high water 06:58</li></ul>
    <p>See the <a href="/archive">full archive</a> for earlier years.</p>
  </article></main>
  <footer>All rights reserved by the Harbour Board.</footer>
</body></html>`;

let target: TargetSite;
const dataDirs: string[] = [];

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "loupe-cli-cloud-"));
  dataDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  target = await startTargetSite({
    "/page.txt": (_req, res) =>
      res.writeHead(200, { "content-type": "text/plain", "x-from": "target" }).end("plain page"),
    "/tides": (_req, res) =>
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE_HTML),
    "/shell": (_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html" })
        .end('<html><head><title>App</title></head><body><div id="root"></div></body></html>'),
    "/tides.md": (_req, res) =>
      res
        .writeHead(200, { "content-type": "text/markdown" })
        .end(`# Old Harbour tides\n\nSee the [full archive](${target.url("/archive")}).\n`),
  });
});

afterAll(async () => {
  await target.close();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("loupe cloud keys", () => {
  let dataDir: string;
  let server: CloudServer;
  let key: string;

  beforeAll(async () => {
    dataDir = await tempDataDir();
  });

  afterAll(async () => {
    await server?.close();
  });

  it("keys create prints the new key alone on stdout, and it works against a server on that directory", async () => {
    const created = await runLoupe(["cloud", "keys", "create", "--project", "p", "--data-dir", dataDir]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(KEY_LINE);
    key = created.stdout.trim();

    server = await startCloudServer({
      port: 0,
      dataDir,
      log: false,
      allowPrivateNetwork: true,
      proxyUrls: [],
    });
    const result = await cloud.fetch({ apiKey: key, url: target.url("/page.txt"), baseURL: server.url });
    expect(result).toMatchObject({ statusCode: 200, content: "plain page" });
    const usage = await globalThis.fetch(`${server.url}/v1/usage`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await usage.json()).toMatchObject({ project: { name: "p" }, usage: { fetch: { count: 1 } } });
  });

  it("keys create without --project fails with a message and prints no key", async () => {
    const run = await runLoupe(["cloud", "keys", "create", "--data-dir", dataDir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/--project/);
  });

  it("keys revoke in another process locks the key out of the running server", async () => {
    const revoked = await runLoupe(["cloud", "keys", "revoke", key, "--data-dir", dataDir]);
    expect(revoked).toMatchObject({ code: 0, stdout: "" });
    expect(revoked.stderr).toMatch(/revoked/);
    await expectFetchError(
      cloud.fetch({ apiKey: key, url: target.url("/page.txt"), baseURL: server.url }),
      "unauthorized",
      401,
    );
  });

  it("keys list shows the project's keys by id, and revoking by id works too", async () => {
    const second = await server.keys.createKey("p");
    expect(
      (await cloud.fetch({ apiKey: second.key, url: target.url("/page.txt"), baseURL: server.url }))
        .statusCode,
    ).toBe(200);

    const listed = await runLoupe(["cloud", "keys", "list", "--project", "p", "--data-dir", dataDir]);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.startsWith(second.id))).toMatch(/\tactive$/);
    expect(lines.filter((line) => /\trevoked /.test(line))).toHaveLength(1);
    expect(listed.stdout).not.toContain(second.key);

    expect((await runLoupe(["cloud", "keys", "revoke", second.id, "--data-dir", dataDir])).code).toBe(0);
    await expectFetchError(
      cloud.fetch({ apiKey: second.key, url: target.url("/page.txt"), baseURL: server.url }),
      "unauthorized",
      401,
    );
  });

  it("keys revoke of an unknown key fails", async () => {
    const run = await runLoupe(["cloud", "keys", "revoke", "key_nope", "--data-dir", dataDir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/No key "key_nope"/);
  });
});

describe("loupe cloud serve", () => {
  it("prints where it listens, answers /healthz and the API, refuses loopback targets, and stops on SIGTERM", async () => {
    const dataDir = await tempDataDir();
    const { stdout: keyLine } = await runLoupe([
      "cloud",
      "keys",
      "create",
      "--project",
      "served",
      "--data-dir",
      dataDir,
    ]);
    const key = keyLine.trim();

    const serve = startLoupe([
      "cloud",
      "serve",
      "--port",
      "0",
      "--data-dir",
      dataDir,
      "--region",
      "eu-test",
      "--max-sessions",
      "1",
    ]);
    try {
      const [line, url] = await serve.waitForStdout(/^listening on (http:\/\/127\.0\.0\.1:\d+)\n/m);
      expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:[1-9]\d*\n$/);
      const base = url as string;

      const health = await globalThis.fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true, store: "sqlite" });

      // Without --allow-private-network the served cloud refuses loopback targets.
      await expectFetchError(
        cloud.fetch({ apiKey: key, url: target.url("/page.txt"), baseURL: base }),
        "blocked_target",
        403,
      );
      const usage = await globalThis.fetch(`${base}/v1/usage`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(await usage.json()).toMatchObject({ usage: { fetch: { count: 1, succeeded: 0 } } });

      // The session flags reach the server: sessions run in the named region, one per project at once.
      const create = () =>
        globalThis.fetch(`${base}/v1/sessions`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: "{}",
        });
      const first = await create();
      expect(first.status).toBe(200);
      const session = (await first.json()) as { id: string; region: string };
      expect(session.region).toBe("eu-test");
      expect((await create()).status).toBe(429);
      await globalThis.fetch(`${base}/v1/sessions/${session.id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${key}` },
      });

      serve.child.kill("SIGTERM");
      expect(await serve.exited).toBe(0);
      await expect(globalThis.fetch(`${base}/healthz`)).rejects.toThrow();
    } finally {
      serve.kill();
    }
  });

  it("refuses a port that is not a number", async () => {
    const run = await runLoupe(["cloud", "serve", "--port", "http", "--data-dir", await tempDataDir()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/--port/);
  });

  it("refuses session limits that are not whole numbers above 0", async () => {
    const dataDir = await tempDataDir();
    const sessions = await runLoupe(["cloud", "serve", "--max-sessions", "0", "--data-dir", dataDir]);
    expect(sessions.code).toBe(1);
    expect(sessions.stderr).toMatch(/--max-sessions takes a whole number above 0, not "0"/);
    const idle = await runLoupe(["cloud", "serve", "--session-idle-timeout", "soon", "--data-dir", dataDir]);
    expect(idle.code).toBe(1);
    expect(idle.stderr).toMatch(/--session-idle-timeout/);
  });

  it("refuses an --instance-url with credentials or a path, and a heartbeat interval that is no number of seconds", async () => {
    const dataDir = await tempDataDir();
    const secret = await runLoupe([
      "cloud",
      "serve",
      "--instance-url",
      "http://admin:hunter2@10.0.0.5:4455",
      "--data-dir",
      dataDir,
    ]);
    expect(secret.code).toBe(1);
    expect(secret.stderr).toMatch(/--instance-url: The instance URL must have no credentials/);
    expect(secret.stderr).not.toContain("hunter2");
    const path = await runLoupe([
      "cloud",
      "serve",
      "--instance-url",
      "http://10.0.0.5:4455/x",
      "--data-dir",
      dataDir,
    ]);
    expect(path.code).toBe(1);
    expect(path.stderr).toMatch(/no path, query or fragment/);
    const beat = await runLoupe(["cloud", "serve", "--heartbeat-interval", "0", "--data-dir", dataDir]);
    expect(beat.code).toBe(1);
    expect(beat.stderr).toMatch(/--heartbeat-interval takes seconds, at least 0\.05/);
  });
});

// Each test runs its own child processes and touches nothing the others count: they run side by side.
describe.concurrent("loupe fetch", () => {
  let h: CloudHarness;
  let model: ModelServer;

  beforeAll(async () => {
    [h, model] = await Promise.all([
      startCloudHarness({
        routes: {
          "/remote.txt": (_req, res) =>
            res.writeHead(200, { "content-type": "text/plain" }).end("remote page"),
        },
      }),
      startModelServer(),
    ]);
  });

  afterAll(async () => {
    await Promise.all([h.close(), model.close()]);
  });

  it("without LOUPE_CLOUD_URL runs the fetch in process and prints the JSON result", async () => {
    const run = await runLoupe(["fetch", target.url("/page.txt")]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({
      id: expect.stringMatching(/^ftc_/),
      content: "plain page",
      contentType: "text/plain",
      encoding: "utf-8",
      statusCode: 200,
      headers: { "x-from": "target" },
    });
  });

  it("prints only the markdown with --format markdown --content", async () => {
    const run = await runLoupe(["fetch", target.url("/tides"), "--format", "markdown", "--content"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^# Tide Tables$/m);
    expect(run.stdout).toMatch(/^[-*+] +Monday: high water 06:12$/m);
    expect(run.stdout).toContain(`[full archive](${target.url("/archive")})`);
    expect(run.stdout).not.toContain("Subscribe to the newsletter");
    expect(run.stdout).not.toContain("All rights reserved");
    expect(run.stdout.trimStart()).not.toMatch(/^\{/);
  });

  it("says on stderr why a markdown fetch is empty (a JavaScript shell), and prints the empty content", async () => {
    const run = await runLoupe(["fetch", target.url("/shell"), "--format", "markdown", "--content"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("no readable content");
    expect(run.stderr).toContain("loupe extract");
  });

  it("adds the page's stated metadata with --metadata, as a field and as front matter", async () => {
    const run = await runLoupe(["fetch", target.url("/tides"), "--format", "markdown", "--metadata"]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { content: string; metadata: unknown };
    expect(result.metadata).toEqual({
      type: "Article",
      title: "Tide Tables",
      author: "The harbour master",
      date: "2024-04-01",
    });
    expect(result.content).toMatch(
      /^---\ntitle: "Tide Tables"\nauthor: "The harbour master"\ndate: "2024-04-01"\n/,
    );
  });

  it("extracts json with --schema in process, with the model from LOUPE_MODEL*", async () => {
    const dir = await tempDataDir();
    const schemaFile = join(dir, "tides.json");
    await writeFile(
      schemaFile,
      JSON.stringify({
        type: "object",
        properties: { harbour: { type: "string" }, archive: { type: "string", format: "uri" } },
        required: ["harbour", "archive"],
      }),
    );
    model.enqueue({ json: { harbour: "Old Harbour", archive: "0-1" } });
    const run = await runLoupe(["fetch", target.url("/tides.md"), "--schema", schemaFile, "--content"], {
      LOUPE_MODEL: "openai/tide-model",
      LOUPE_MODEL_BASE_URL: model.baseURL,
      LOUPE_MODEL_API_KEY: "model-key",
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ harbour: "Old Harbour", archive: target.url("/archive") });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.body["model"]).toBe("tide-model");
    expect(model.requests[0]?.headers.authorization).toBe("Bearer model-key");
  });

  it("with LOUPE_CLOUD_URL and LOUPE_API_KEY uses that server, billed to that key's project", async () => {
    const before = (await h.fetchUsage())?.count ?? 0;
    const run = await runLoupe(["fetch", h.target.url("/remote.txt")], {
      LOUPE_CLOUD_URL: h.server.url,
      LOUPE_API_KEY: h.apiKey,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ statusCode: 200, content: "remote page" });
    expect((await h.fetchUsage())?.count).toBe(before + 1);
  });

  it("reports the server's refusal of a bad key, and LOUPE_CLOUD_URL without LOUPE_API_KEY", async () => {
    const badKey = await runLoupe(["fetch", h.target.url("/remote.txt")], {
      LOUPE_CLOUD_URL: h.server.url,
      LOUPE_API_KEY: "lp_not-a-real-key-at-all-not-a-real-key-at-all",
    });
    expect(badKey).toMatchObject({ code: 1, stdout: "" });
    // The one Cloud client's message: which server refused, what was asked, and what to check.
    expect(badKey.stderr).toMatch(
      /^loupe: Loupe Cloud at \S+ refused the API key while fetching \S+ \(The API key is unknown or revoked\.\)\. Check LOUPE_API_KEY/m,
    );
    expect(badKey.stderr).not.toContain("lp_not-a-real-key");

    const noKey = await runLoupe(["fetch", h.target.url("/remote.txt")], { LOUPE_CLOUD_URL: h.server.url });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/LOUPE_API_KEY/);
  });

  it("refuses a non-http URL before fetching", async () => {
    const run = await runLoupe(["fetch", "ftp://127.0.0.1/file"], {
      LOUPE_CLOUD_URL: h.server.url,
      LOUPE_API_KEY: h.apiKey,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^loupe: .*url: must be an absolute http or https URL/m);
  });
});
