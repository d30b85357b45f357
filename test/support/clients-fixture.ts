/**
 * What the Python and Go clients' test suites (`clients/python`, `clients/go`) run against: two real
 * `loupe cloud serve` processes started from the command line with keys made by `loupe cloud keys
 * create` — one with `--allow-private-network` (its model is the scripted model server, for
 * `format: "json"`), one without, so a loopback target is a blocked target there — and a loopback target
 * site. The suites learn where everything is from the environment {@link ClientsFixture.env} gives.
 *
 * The target site's routes are a contract with those suites:
 *   /page.html   an article whose title and h1 are "Tide Tables" (for markdown and json), whose JSON-LD
 *                states an Article by "Harbour Master", published 2026-03-02 (for metadata)
 *   /page.txt    text/plain "plain page", with the header x-from: target
 *   /utf8.txt    text/plain; charset=utf-8 "Grüße aus Köln — 東京 ☕"
 *   /image.png   a 1×1 PNG (binary: base64)
 *   /redirect    302 to /page.txt
 *   /slow        never answers (for client timeouts and cancellation)
 *   anything else: 404 "no such route"
 * The model answers every json extraction with {"title": "Tide Tables"}.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runLoupe, startLoupe, type RunningLoupe } from "./loupe-cli.js";
import { startModelServer, type ModelServer } from "./model-server.js";
import { startTargetSite, type TargetSite } from "./target-site.js";

/** What the clients' suites read, and what each variable holds. */
export interface ClientsFixtureEnv {
  /** The permissive server (`--allow-private-network`): the clients' own default variables. */
  LOUPE_CLOUD_URL: string;
  LOUPE_API_KEY: string;
  /** The server without `--allow-private-network`, where a loopback target is blocked, and its key. */
  LOUPE_TEST_STRICT_CLOUD_URL: string;
  LOUPE_TEST_STRICT_API_KEY: string;
  /** `http://127.0.0.1:PORT` of the target site. */
  LOUPE_TEST_TARGET_URL: string;
  /** "1": a suite fails, instead of skipping, when the variables above are missing. */
  LOUPE_TEST_REQUIRE_CLOUD: "1";
}

export interface ClientsFixture {
  env: ClientsFixtureEnv;
  close(): Promise<void>;
}

// 1×1 transparent PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082",
  "hex",
);

const PAGE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tide Tables</title>
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Article", "headline": "Tide Tables",
  "author": {"@type": "Person", "name": "Harbour Master"}, "datePublished": "2026-03-02"}</script></head>
<body>
  <header><a href="/">Harbour Office</a> | <a href="/notices">Notices to mariners</a></header>
  <main><article>
    <h1>Tide Tables</h1>
    <p>The harbour office publishes the times of high and low water for the coming week, worked out from
    the tide gauge on the north pier, so that boats with a deep keel can plan their way over the bar.</p>
    <h2>This week</h2>
    <ul><li>Monday: high water 06:12</li><li>Tuesday: high water 06:58</li></ul>
  </article></main>
  <footer>Harbour Office, Quay Street.</footer>
</body></html>`;

const LISTENING = /listening on (http:\/\/\S+)/;
/** Each `loupe` process compiles its sources on start: tens of seconds on a loaded machine. */
const START_TIMEOUT_MS = 180_000;

/** Starts the target site, the model server and both cloud servers; `close()` stops them all. */
export async function startClientsFixture(): Promise<ClientsFixture> {
  const started: { target?: TargetSite; model?: ModelServer; servers: RunningLoupe[]; dirs: string[] } = {
    servers: [],
    dirs: [],
  };
  const close = async (): Promise<void> => {
    for (const server of started.servers) server.kill();
    await Promise.all(started.servers.map((server) => server.exited));
    await Promise.all([started.target?.close(), started.model?.close()]);
    await Promise.all(started.dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
  try {
    const target = (started.target = await startTargetSite({
      "/page.html": (_req, res) =>
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE_HTML),
      "/page.txt": (_req, res) =>
        res.writeHead(200, { "content-type": "text/plain", "x-from": "target" }).end("plain page"),
      "/utf8.txt": (_req, res) =>
        res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("Grüße aus Köln — 東京 ☕"),
      "/image.png": (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(PNG),
      "/redirect": (_req, res) => res.writeHead(302, { location: "/page.txt" }).end(),
      "/slow": () => {
        // Never answers: the connection stays open until the cloud gives up or the site closes.
      },
    }));
    const model = (started.model = await startModelServer({
      defaultReply: { json: { title: "Tide Tables" } },
    }));
    const [open, strict] = await Promise.all([
      startCloud(started, ["--allow-private-network"], {
        LOUPE_MODEL: "openai/scripted",
        LOUPE_MODEL_BASE_URL: model.baseURL,
        LOUPE_MODEL_API_KEY: "scripted-model-key",
      }),
      startCloud(started, [], {}),
    ]);
    await warmMarkdownWorker(open, target.url("/page.html"));
    return {
      env: {
        LOUPE_CLOUD_URL: open.url,
        LOUPE_API_KEY: open.key,
        LOUPE_TEST_STRICT_CLOUD_URL: strict.url,
        LOUPE_TEST_STRICT_API_KEY: strict.key,
        LOUPE_TEST_TARGET_URL: target.url(""),
        LOUPE_TEST_REQUIRE_CLOUD: "1",
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Converts one page before the suites run. The server's first conversion starts its worker thread, and
 * the conversion deadline (10 s) counts that start: on a machine loaded many times over, the first page
 * can miss it (`extraction_failed`). The suites test the clients, not that cold start, so it is paid
 * here, with a few tries. Should every try miss, the suites report the server's answer themselves.
 */
async function warmMarkdownWorker(cloud: { url: string; key: string }, pageUrl: string): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const response = await globalThis.fetch(`${cloud.url}/v1/fetch`, {
      method: "POST",
      headers: { authorization: `Bearer ${cloud.key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: pageUrl, format: "markdown" }),
    });
    await response.arrayBuffer();
    if (response.ok) return;
  }
}

/** A key from `loupe cloud keys create`, then `loupe cloud serve` on a free port with that data dir. */
async function startCloud(
  started: { servers: RunningLoupe[]; dirs: string[] },
  flags: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; key: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), "loupe-clients-cloud-"));
  started.dirs.push(dataDir);
  const created = await runLoupe(
    ["cloud", "keys", "create", "--project", "clients", "--data-dir", dataDir],
    {},
    START_TIMEOUT_MS,
  );
  if (created.code !== 0) throw new Error(`loupe cloud keys create failed:\n${created.stderr}`);
  const server = startLoupe(["cloud", "serve", "--port", "0", "--data-dir", dataDir, ...flags], env);
  started.servers.push(server);
  const [, url] = await server.waitForStdout(LISTENING, START_TIMEOUT_MS);
  return { url: url ?? "", key: created.stdout.trim() };
}
