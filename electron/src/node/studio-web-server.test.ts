import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createStudioClient } from "../common/studio-client.js";
import type { StudioHandlers, StudioSettings } from "../common/studio-api.js";
import { createStudioServer } from "./studio-server.js";
import { startStudioWebServer, type StudioWebServer } from "./studio-web-server.js";
import { STUDIO_API_PATH } from "../common/web-mode.js";
import { socketTransport } from "./websocket-transport.js";

const SETTINGS: StudioSettings = {
  model: "openai/x",
  provider: "openai",
  hasApiKey: false,
  keySource: "none",
  keyVariables: ["OPENAI_API_KEY", "LOUPE_MODEL_API_KEY"],
  keysPersistent: false,
  defaultModel: "openai/x",
  providers: [{ name: "openai", keyVariables: ["OPENAI_API_KEY"] }],
  presets: [],
};

const handlers = {
  "settings.get": async () => SETTINGS,
} as Partial<StudioHandlers> as StudioHandlers;

function open(url: string, origin?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, origin ? { origin } : {});
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

function closeCode(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once("close", (code) => resolve(code)));
}

describe("the web-mode server", () => {
  let dir: string;
  let server: StudioWebServer;
  const connections: unknown[] = [];
  let api: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "loupe-ui-"));
    await writeFile(join(dir, "index.html"), "<!doctype html><title>ui</title>");
    const studio = createStudioServer(handlers);
    server = await startStudioWebServer({
      rendererDir: dir,
      onConnection: (t) => {
        connections.push(t);
        studio.attach(t);
      },
    });
    api = `ws://127.0.0.1:${server.port}${STUDIO_API_PATH}`;
  });

  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves the UI on 127.0.0.1 with the token in the fragment and a strict policy", async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${server.token}`);
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<title>ui</title>");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect((await fetch(`http://127.0.0.1:${server.port}/../../etc/passwd`)).status).not.toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.port}/missing.js`)).status).toBe(404);
  });

  it("refuses a request for another host name (DNS rebinding)", async () => {
    // fetch() may not set Host: ask with node:http, as a browser following a rebound name would.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      get({ host: "127.0.0.1", port: server.port, path: "/", headers: { host: "evil.test" } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).on("error", reject),
    );
    expect(status).toBe(421);
  });

  it("serves the API to a client with the token", async () => {
    const client = createStudioClient(socketTransport(await open(`${api}?token=${server.token}`)));
    expect(await client.call("settings.get", {})).toEqual(SETTINGS);
    client.close();
  });

  it("closes a missing or wrong token with 4401 and refuses a foreign origin", async () => {
    const before = connections.length;
    expect(await closeCode(await open(api))).toBe(4401);
    expect(await closeCode(await open(`${api}?token=nope`))).toBe(4401);
    await expect(open(`${api}?token=${server.token}`, "http://evil.test")).rejects.toThrow(/403/);
    expect(connections.length).toBe(before);
  });

  it("trades a launch code for the token once, and only for the UI's own origin", async () => {
    const ticket = server.launch();
    const launch = new URL(ticket.url);
    expect(launch.hash).toMatch(/^#launch=[\w-]+$/);
    expect(launch.href).not.toContain(server.token);
    const code = launch.hash.slice("#launch=".length);
    const trade = (origin: string, body: unknown) =>
      fetch(`http://127.0.0.1:${server.port}/studio-launch`, {
        method: "POST",
        headers: { origin, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const own = `http://127.0.0.1:${server.port}`;
    expect((await trade("http://evil.test", { code })).status).toBe(403);
    const first = await trade(own, { code });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ token: server.token });
    await expect(ticket.settled).resolves.toBe("traded");
    const again = await trade(own, { code });
    expect(again.status).toBe(403);
    expect(((await again.json()) as { message: string }).message).toMatch(/used or has expired/);
    expect((await trade(own, { code: "made-up" })).status).toBe(403);
    // A local program can claim any origin: without the code it still gets nothing.
    expect((await trade(own, {})).status).toBe(403);
  });
});
