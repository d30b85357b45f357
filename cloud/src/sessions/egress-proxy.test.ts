import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startHttpServer,
  startTcpServer,
  testPolicy,
  type LoopbackServer,
} from "../fetch/loopback-servers.test.support.js";
import { EgressProxy } from "./egress-proxy.js";

let publicSite: LoopbackServer;
let forbidden: LoopbackServer;
let proxy: EgressProxy;
let proxyPort: number;
const seenHeaders: http.IncomingHttpHeaders[] = [];
const lookups: string[] = [];
const refused: string[] = [];

beforeAll(async () => {
  publicSite = await startHttpServer((request, response) => {
    seenHeaders.push(request.headers);
    response.writeHead(200, { "content-type": "text/plain", connection: "keep-alive", "x-from": "public" });
    response.end(`public ${request.method} ${request.url}`);
  });
  forbidden = await startHttpServer((_request, response) => response.end("internal secrets"));
  proxy = await EgressProxy.start(
    testPolicy({
      allowPrivateNetwork: false,
      isPublicAddress: (_address, port) => port === publicSite.port,
      lookupHost: async (name) => {
        lookups.push(name);
        if (name === "public.test" || name === "rebind.test") return ["127.0.0.1"];
        throw new Error("no such name");
      },
    }),
    (target, reason) => refused.push(`${target}: ${reason}`),
  );
  proxyPort = Number(new URL(proxy.url).port);
});

afterAll(async () => {
  await proxy.close();
  await Promise.all([publicSite.close(), forbidden.close()]);
});

/** A request in absolute form through the proxy, as a browser sends plain http. */
function viaProxy(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port: proxyPort, path: url, headers, agent: false });
    request.on("response", (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

/** Opens a CONNECT tunnel; resolves with the status line and the socket (open only on 200). */
function tunnel(authority: string): Promise<{ status: string; socket: net.Socket; rest: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(proxyPort, "127.0.0.1", () => {
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    });
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk.toString();
      const end = received.indexOf("\r\n\r\n");
      if (end === -1) return;
      socket.off("data", onData);
      resolve({ status: received.split("\r\n")[0]!, socket, rest: received.slice(end + 4) });
    };
    socket.on("data", onData);
    socket.on("error", reject);
  });
}

describe("EgressProxy", () => {
  it("forwards plain http to a public target, without the proxy's own headers", async () => {
    const answer = await viaProxy(`http://127.0.0.1:${publicSite.port}/page?q=1`, {
      "proxy-authorization": "Basic c2VjcmV0",
      "proxy-connection": "keep-alive",
      "x-kept": "yes",
    });
    expect(answer).toMatchObject({ status: 200, body: "public GET /page?q=1" });
    expect(answer.headers["x-from"]).toBe("public");
    // The target's keep-alive is about its hop to the proxy, not the proxy's hop to the browser.
    expect(answer.headers.connection).not.toBe("keep-alive");
    const headers = seenHeaders.at(-1)!;
    expect(headers["x-kept"]).toBe("yes");
    expect(headers).not.toHaveProperty("proxy-authorization");
    expect(headers).not.toHaveProperty("proxy-connection");
    expect(headers.host).toBe(`127.0.0.1:${publicSite.port}`);
  });

  it("resolves a name once and connects to the address it checked", async () => {
    lookups.length = 0;
    const answer = await viaProxy(`http://public.test:${publicSite.port}/`);
    expect(answer.status).toBe(200);
    expect(lookups).toEqual(["public.test"]);
    expect(seenHeaders.at(-1)!.host).toBe(`public.test:${publicSite.port}`);
  });

  it.each([
    ["loopback", () => `http://127.0.0.1:${forbidden.port}/`, /127\.0\.0\.1 is a loopback address/],
    [
      "IPv4-mapped loopback",
      () => `http://[::ffff:127.0.0.1]:${forbidden.port}/`,
      /IPv4-mapped form of 127\.0\.0\.1/,
    ],
    ["IPv4-compatible", () => `http://[::127.0.0.1]:${forbidden.port}/`, /IPv4-compatible/],
    ["metadata", () => "http://169.254.169.254/latest/", /link-local/],
    [
      "a name resolving to loopback",
      () => `http://rebind.test:${forbidden.port}/`,
      /rebind\.test resolves to 127\.0\.0\.1/,
    ],
  ])(
    "refuses %s over plain http with 403 and the reason; the target sees nothing",
    async (_what, url, reason) => {
      const answer = await viaProxy(url());
      expect(answer.status).toBe(403);
      expect(answer.body).toMatch(reason);
      expect(refused.at(-1)).toMatch(reason);
      expect(forbidden.connections).toBe(0);
    },
  );

  it("tunnels CONNECT to a public target, and refuses one to loopback", async () => {
    const open = await tunnel(`127.0.0.1:${publicSite.port}`);
    expect(open.status).toBe("HTTP/1.1 200 Connection Established");
    const body = await new Promise<string>((resolve) => {
      let text = "";
      open.socket.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes("tunnelled")) resolve(text);
      });
      open.socket.write(`GET /tunnelled HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    });
    expect(body).toContain("public GET /tunnelled");
    open.socket.destroy();

    const closed = await tunnel(`127.0.0.1:${forbidden.port}`);
    expect(closed.status).toBe("HTTP/1.1 403 Forbidden");
    expect(closed.rest).toMatch(/loopback/);
    closed.socket.destroy();
    expect(forbidden.connections).toBe(0);
  });

  it("answers 400 to what a forward proxy does not take", async () => {
    const originForm = await viaProxy("/relative");
    expect(originForm.status).toBe(400);
    expect((await viaProxy("ftp://example.com/")).status).toBe(400);
    const bad = await tunnel("no-port-here");
    expect(bad.status).toMatch(/^HTTP\/1\.1 400 /);
    bad.socket.destroy();
  });

  it.each([
    ["a control character in the reason phrase", "HTTP/1.1 200 O\x7fK\r\nContent-Length: 2\r\n\r\nhi"],
    [
      "a 101 to a request that asked for no upgrade",
      "HTTP/1.1 101 Switching\r\nUpgrade: x\r\nConnection: upgrade\r\n\r\n",
    ],
    ["a header Node cannot parse", "HTTP/1.1 200 OK\r\nX: a\x01b\r\nContent-Length: 2\r\n\r\nhi"],
  ])("answers 502 to a target that sends %s, and keeps serving", async (_name, answer) => {
    const target = await startTcpServer((socket) => {
      socket.on("error", () => socket.destroy());
      socket.once("data", () => socket.end(Buffer.from(answer, "latin1")));
    });
    const targetPort = target.port;
    const oddProxy = await EgressProxy.start(
      testPolicy({
        allowPrivateNetwork: false,
        isPublicAddress: (_a, port) => port === targetPort || port === publicSite.port,
      }),
    );
    const oddPort = Number(new URL(oddProxy.url).port);
    const through = (url: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request({ host: "127.0.0.1", port: oddPort, path: url, agent: false });
        request.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
        request.end();
      });
    try {
      expect(await through(`http://127.0.0.1:${targetPort}/`)).toBe(502);
      expect(await through(`http://127.0.0.1:${publicSite.port}/after`)).toBe(200);
    } finally {
      await oddProxy.close();
      await target.close();
    }
  });

  it("cuts open tunnels when it closes", async () => {
    const second = await EgressProxy.start(
      testPolicy({ allowPrivateNetwork: false, isPublicAddress: (_a, port) => port === publicSite.port }),
    );
    const port = Number(new URL(second.url).port);
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(`CONNECT 127.0.0.1:${publicSite.port} HTTP/1.1\r\n\r\n`);
    await new Promise((resolve) => socket.once("data", resolve));
    const ended = new Promise((resolve) => socket.once("close", resolve));
    await second.close();
    await ended;
  });
});
