import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createStudioClient } from "../common/studio-client.js";
import type { StudioHandlers } from "../common/studio-api.js";
import { createStudioServer } from "./studio-server.js";
import {
  socketTransport,
  startWebSocketTransportServer,
  type StudioWebSocketServer,
} from "./websocket-transport.js";

const handlers = {
  "settings.get": async () => ({ model: "openai/x", hasApiKey: false }),
} as Partial<StudioHandlers> as StudioHandlers;

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

function closeCode(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once("close", (code) => resolve(code)));
}

describe("the WebSocket transport", () => {
  let server: StudioWebSocketServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it("serves a client that presents the token, on 127.0.0.1", async () => {
    const studio = createStudioServer(handlers);
    server = await startWebSocketTransportServer({ onConnection: (t) => studio.attach(t) });
    expect(server.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/\?token=/);
    const client = createStudioClient(socketTransport(await open(server.url)));
    expect(await client.call("settings.get", {})).toEqual({ model: "openai/x", hasApiKey: false });
    await expect(client.call("session.pages", {})).rejects.toMatchObject({ code: "internal" });
    client.close();
  });

  it("refuses a missing or wrong token with 4401", async () => {
    const connections: unknown[] = [];
    server = await startWebSocketTransportServer({ onConnection: (t) => connections.push(t) });
    const missing = await open(`ws://127.0.0.1:${server.port}/`);
    expect(await closeCode(missing)).toBe(4401);
    const wrong = await open(`ws://127.0.0.1:${server.port}/?token=nope`);
    expect(await closeCode(wrong)).toBe(4401);
    expect(connections).toEqual([]);
  });
});
