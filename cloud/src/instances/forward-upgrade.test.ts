import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { forwardUpgrade } from "./forward-upgrade.js";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe("forwardUpgrade", () => {
  /** An owner whose upgrades answer 101 and then echo, or refuse with 401 when the key is wrong. */
  async function startUpgradeOwner(): Promise<{
    server: Server;
    url: string;
    headers: IncomingMessage["headers"][];
    sockets: Duplex[];
  }> {
    const headers: IncomingMessage["headers"][] = [];
    // Upgraded sockets leave the HTTP server's keeping: the test ends them itself.
    const sockets: Duplex[] = [];
    const server = createServer();
    server.on("upgrade", (request: IncomingMessage, socket) => {
      headers.push(request.headers);
      if (request.headers.authorization !== "Bearer good") {
        socket.end("HTTP/1.1 401 Unauthorized\r\nContent-Length: 6\r\nConnection: close\r\n\r\nno key");
        return;
      }
      sockets.push(socket);
      socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
      socket.on("data", (data: Buffer) => socket.write(data));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, headers, sockets };
  }

  async function startUpgradeForwarder(ownerUrl: string): Promise<Server> {
    const server = createServer();
    server.on("upgrade", (request: IncomingMessage, socket, head: Buffer) => {
      void forwardUpgrade(
        request,
        socket,
        head,
        { instanceId: "ins_owner", url: ownerUrl, sessionId: "ses_1" },
        "ins_self",
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return server;
  }

  function upgrade(server: Server, key: string): Promise<{ status: number; socket?: Socket; body?: string }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest({
        host: "127.0.0.1",
        port: (server.address() as AddressInfo).port,
        path: "/v1/sessions/ses_1/connect",
        headers: { connection: "Upgrade", upgrade: "websocket", authorization: `Bearer ${key}` },
      });
      request.on("upgrade", (response, socket) => resolve({ status: response.statusCode!, socket }));
      request.on("response", (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      });
      request.on("error", reject);
      request.end();
    });
  }

  it("pipes the upgraded sockets both ways, marks the handshake as forwarded, and closes both together", async () => {
    const owner = await startUpgradeOwner();
    closers.push(() => new Promise((resolve) => owner.server.close(resolve)));
    const forwarder = await startUpgradeForwarder(owner.url);
    closers.push(() => new Promise((resolve) => forwarder.close(resolve)));
    const { status, socket } = await upgrade(forwarder, "good");
    expect(status).toBe(101);
    expect(owner.headers[0]).toMatchObject({
      authorization: "Bearer good",
      "x-loupe-forwarded-by": "ins_self",
    });
    const echoed = new Promise<string>((resolve) =>
      socket!.once("data", (data: Buffer) => resolve(data.toString())),
    );
    socket!.write("ping");
    expect(await echoed).toBe("ping");
    const closed = new Promise<void>((resolve) => socket!.once("close", () => resolve()));
    // The owner's side ends: the caller's side closes with it.
    for (const ownerSocket of owner.sockets) ownerSocket.destroy();
    await closed;
  });

  it("passes the owner's refusal back as it is, and answers 503 when the owner does not answer", async () => {
    const owner = await startUpgradeOwner();
    const forwarder = await startUpgradeForwarder(owner.url);
    closers.push(() => new Promise((resolve) => forwarder.close(resolve)));
    expect(await upgrade(forwarder, "bad")).toEqual({ status: 401, body: "no key" });
    await new Promise((resolve) => owner.server.close(resolve));
    const refused = await upgrade(forwarder, "good");
    expect(refused.status).toBe(503);
    expect(refused.body).toMatch(/ins_owner, which is not answering/);
  });
});
