/**
 * The fetch pipeline run in process (`createLocalFetcher`, what `loupe fetch` and the Studio use without
 * a cloud URL) against the same pipeline behind the HTTP API: the same refusals with the same status,
 * code and message, the same egress wall, the same results; and no port, no server, no database.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createLocalFetcher, type LocalFetcher } from "@loupe/cloud";
import { FetchError } from "@loupe/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startCloudHarness,
  startHttpServer,
  type CloudHarness,
  type LoopbackServer,
} from "./support/cloud-harness.js";

describe("a local fetch and the same fetch over HTTP", () => {
  let h: CloudHarness;
  let publicSite: LoopbackServer;
  let local: LocalFetcher;

  beforeAll(async () => {
    // "The internet": a loopback server the isPublicAddress hook vouches for; the harness's target site
    // stands for the private network, refused by both sides alike.
    publicSite = await startHttpServer((_request, response) =>
      response.writeHead(200, { "content-type": "text/html" }).end("<h1>Public</h1><p>A page.</p>"),
    );
    const policy = {
      allowPrivateNetwork: false,
      fetchPolicy: { isPublicAddress: (_address: string, port: number) => port === publicSite.port },
    };
    h = await startCloudHarness({
      server: policy,
      routes: { "/": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("private") },
    });
    local = createLocalFetcher({ ...policy, proxyUrls: [] });
  });

  afterAll(async () => {
    await local?.close();
    await h?.close();
    await publicSite?.close();
  });

  /** The local fetch's refusal of `body` and the server's answer to the same body, side by side. */
  async function bothRefusals(body: unknown) {
    const error = await local.fetch(body).then(
      (result) => {
        throw new Error(`expected a refusal, got ${JSON.stringify(result).slice(0, 200)}`);
      },
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(FetchError);
    const { status, code, message } = error as FetchError;
    const answer = await h.api("POST", "/v1/fetch", { body });
    return {
      local: { status, code, message },
      http: { status: answer.status, code: answer.json?.["error"], message: answer.json?.["message"] },
    };
  }

  it.each([
    ["a URL that is not http(s)", { url: "ftp://127.0.0.1/file" }],
    ["no URL", { format: "raw" }],
    ["json without a schema", { url: "https://example.com/", format: "json" }],
    ["a schema without json", { url: "https://example.com/", schema: { type: "object" } }],
    ["an unknown field", { url: "https://example.com/", depth: 2 }],
    ["the SDK's apiKey in the body", { url: "https://example.com/", apiKey: "lp_x" }],
    ["a body that is not an object", ["https://example.com/"]],
    ["proxies with none configured", { url: "https://example.com/", proxies: true }],
    ["a schema Loupe cannot read", { url: "https://example.com/", format: "json", schema: { type: 7 } }],
  ])("refuse %s alike", async (_what, body) => {
    const { local: mine, http } = await bothRefusals(body);
    expect(mine.status).toBeGreaterThanOrEqual(400);
    expect(mine).toEqual(http);
  });

  it("refuse a private target alike (the egress wall), and fetch nothing from it", async () => {
    const before = h.target.hits("/");
    const { local: mine, http } = await bothRefusals({ url: h.target.url("/") });
    expect(mine).toEqual(http);
    expect(mine.code).toBe("blocked_target");
    expect(h.target.hits("/")).toBe(before);
  });

  it("return the same result for a public target (all but the fetch's own id)", async () => {
    const body = { url: publicSite.url("/"), format: "markdown" as const };
    const mine = await local.fetch(body);
    const theirs = await h.fetch(body);
    expect(mine.id).toMatch(/^ftc_/);
    expect({ ...mine, id: "", headers: {} }).toEqual({ ...theirs, id: "", headers: {} });
    expect(mine.content).toMatch(/^#+ Public$/m);
  });
});

describe("a local fetch", () => {
  it("opens no port: nothing listens while it runs", async () => {
    const site = await startHttpServer((_request, response) =>
      response.writeHead(200, { "content-type": "text/html" }).end("<p>here</p>"),
    );
    // Every TCP server of Node listens through net.Server: watched only once the test's own site is up.
    const listen = vi.spyOn(Server.prototype, "listen");
    const fetcher = createLocalFetcher();
    try {
      const raw = await fetcher.fetch({ url: site.url("/") });
      const markdown = await fetcher.fetch({ url: site.url("/"), format: "markdown" });
      expect(raw).toMatchObject({ statusCode: 200, content: "<p>here</p>" });
      expect(markdown.content).toContain("here");
      expect(listen).not.toHaveBeenCalled();
    } finally {
      listen.mockRestore();
      await fetcher.close();
      await site.close();
    }
  });

  it("refuses work after close", async () => {
    const fetcher = createLocalFetcher();
    await fetcher.close();
    await expect(fetcher.fetch({ url: "https://example.com/" })).rejects.toThrow(/closed/);
  });

  it("`loupe fetch` without a cloud URL loads no HTTP server and no database (a child that records its modules)", async () => {
    const root = fileURLToPath(new URL("..", import.meta.url));
    const recorder = fileURLToPath(new URL("./support/module-recorder.mjs", import.meta.url));
    const cli = fileURLToPath(new URL("../cli/src/main.ts", import.meta.url));
    const site = await startHttpServer((_request, response) =>
      response.writeHead(200, { "content-type": "text/plain" }).end("recorded"),
    );
    const dir = await mkdtemp(join(tmpdir(), "loupe-modules-"));
    try {
      const record = join(dir, "modules.txt");
      const env: NodeJS.ProcessEnv = { ...process.env, LOUPE_RECORD_MODULES: record };
      delete env["LOUPE_CLOUD_URL"];
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--conditions=@loupe/source", "--import", "tsx", "--import", recorder, cli, "fetch", site.url("/")],
        { cwd: root, env, timeout: 60_000 },
      );
      expect(JSON.parse(stdout)).toMatchObject({ content: "recorded", statusCode: 200 });
      const modules = (await readFile(record, "utf8")).split("\n").filter(Boolean);
      // The recorder saw the pipeline, so it was watching the right imports.
      expect(modules.some((url) => url.endsWith("/cloud/src/server/run-fetch.ts"))).toBe(true);
      expect(modules.filter((url) => /\/node_modules\/(fastify|node-sqlite3-wasm)\//.test(url))).toEqual([]);
      expect(modules.filter((url) => /\/cloud\/src\/(db|sessions)\//.test(url))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await site.close();
    }
  });
});
