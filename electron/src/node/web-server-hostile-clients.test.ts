/**
 * The web-mode server against clients that break the rules: request targets new URL() cannot read,
 * broken percent-encoding, broken WebSocket frames (with and without the token), oversized messages,
 * upgrades reset before their answer, headers that trickle in or overflow. Each gets a 4xx or its own
 * connection closed, and the server keeps serving the UI and the API.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { rawExchange, upgradeRequest } from "../../../test/support/raw-http.js";
import type { StudioHandlers, StudioSettings } from "../common/studio-api.js";
import { createStudioClient } from "../common/studio-client.js";
import { STUDIO_API_PATH } from "../common/web-mode.js";
import { createStudioServer } from "./studio-server.js";
import { startStudioWebServer, type StudioWebServer } from "./studio-web-server.js";
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

/** A client WebSocket frame (masked, as a client must send it) with any opcode and payload. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = Buffer.from([1, 2, 3, 4]);
  const length =
    payload.length < 126
      ? Buffer.from([0x80 | payload.length])
      : Buffer.from([0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([0x80 | opcode]), length, mask, masked]);
}

describe("the web-mode server and hostile clients", () => {
  let dir: string;
  let server: StudioWebServer;
  let host: string;

  /** The UI is still served and the API still answers a client with the token. */
  const healthy = async (): Promise<void> => {
    expect((await fetch(`http://${host}/`)).status).toBe(200);
    const socket = new WebSocket(`ws://${host}${STUDIO_API_PATH}?token=${server.token}`);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const client = createStudioClient(socketTransport(socket));
    expect(await client.call("settings.get", {})).toEqual(SETTINGS);
    client.close();
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "loupe-ui-"));
    await writeFile(join(dir, "index.html"), "<!doctype html><title>ui</title>");
    const studio = createStudioServer({
      "settings.get": async () => SETTINGS,
    } as Partial<StudioHandlers> as StudioHandlers);
    server = await startStudioWebServer({
      rendererDir: dir,
      onConnection: (transport) => studio.attach(transport),
      limits: { headersTimeoutMs: 500, maxMessageBytes: 1024 },
    });
    host = `127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers GET /%ff and other broken targets with 400", async () => {
    for (const path of ["/%ff", "/%", "/assets/%e2%82", "*"]) {
      const answer = await rawExchange(server.port, [`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`]);
      expect(answer.status, path).toBe(400);
    }
    const slashes = await rawExchange(server.port, [`GET // HTTP/1.1\r\nHost: ${host}\r\n\r\n`]);
    expect(slashes.status).toBe(200);
    await healthy();
  });

  it("answers an upgrade on a target that is no URL with 400 and on any other path with 404", async () => {
    const star = await rawExchange(server.port, [upgradeRequest("*", host)], { untilHead: false });
    expect(star.status).toBe(400);
    for (const path of ["//", "/", "/%ff", `/${STUDIO_API_PATH}`]) {
      const answer = await rawExchange(server.port, [upgradeRequest(path, host)], { untilHead: false });
      expect(answer.status, path).toBe(404);
    }
    await healthy();
  });

  it("closes a connection that sends a broken frame, with or without the token", async () => {
    for (const token of [server.token, "wrong"]) {
      const answer = await rawExchange(
        server.port,
        [upgradeRequest(`${STUDIO_API_PATH}?token=${token}`, host), clientFrame(0x3, Buffer.from("x"))],
        { untilHead: false, chunkDelayMs: 50 },
      );
      expect(answer.status).toBe(101);
      expect(answer.ended).toBe("closed");
    }
    await healthy();
  });

  it("closes a connection whose message is over the size limit", async () => {
    const big = clientFrame(0x1, Buffer.from(JSON.stringify({ kind: "request", pad: "a".repeat(2_000) })));
    const answer = await rawExchange(
      server.port,
      [upgradeRequest(`${STUDIO_API_PATH}?token=${server.token}`, host), big],
      { untilHead: false, chunkDelayMs: 50 },
    );
    expect(answer.status).toBe(101);
    expect(answer.ended).toBe("closed");
    await healthy();
  });

  it("keeps serving when clients reset their upgrades before the answer", async () => {
    const paths = [`${STUDIO_API_PATH}?token=${server.token}`, STUDIO_API_PATH, "/elsewhere", "*"];
    const origin = ["Origin: http://evil.test"];
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        rawExchange(server.port, [upgradeRequest(paths[i % 4]!, host, i % 2 ? origin : [])], { reset: true }),
      ),
    );
    await healthy();
  });

  it("closes a refused upgrade's socket, so a client that keeps it open cannot hold the server", async () => {
    // Its own server: the test is that this one still closes.
    const other = await startStudioWebServer({ rendererDir: dir, onConnection: () => {} });
    const otherHost = `127.0.0.1:${other.port}`;
    const frame = clientFrame(0x1, Buffer.from("x"));
    const refused = [
      upgradeRequest("/elsewhere", otherHost),
      upgradeRequest("*", otherHost),
      upgradeRequest(STUDIO_API_PATH, otherHost, ["Origin: http://evil.test"]),
    ];
    for (const request of refused)
      await rawExchange(other.port, [request, frame], { untilHead: false, chunkDelayMs: 20 });
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<string>(
      (resolve) => (timer = setTimeout(() => resolve("still closing"), 15_000)),
    );
    await expect(Promise.race([other.close().then(() => "closed"), stuck])).resolves.toBe("closed");
    clearTimeout(timer);
  });

  it("cuts off a client that trickles its headers with 408, and answers oversized headers with 431", async () => {
    const trickle = Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: y\r\n`);
    const slow = await rawExchange(server.port, [`GET / HTTP/1.1\r\nHost: ${host}\r\n`, ...trickle], {
      chunkDelayMs: 200,
      timeoutMs: 15_000,
    });
    expect(slow.ended).not.toBe("waited");
    expect(slow.status).toBe(408);
    const big = await rawExchange(server.port, [
      `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${"a".repeat(20 * 1024)}\r\n\r\n`,
    ]);
    expect(big.status).toBe(431);
    await healthy();
  });
});
