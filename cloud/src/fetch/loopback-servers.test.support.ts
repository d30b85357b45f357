/**
 * Test servers for the fetch engine's tests: real HTTP, HTTPS, raw TCP servers and a CONNECT proxy, all
 * bound to loopback only (127.0.0.1, and ::1 where the same port is free), each counting the connections it
 * accepted so a test can prove that a refused fetch never reached it. Nothing here sends traffic off the
 * machine.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { expect } from "vitest";
import { DEFAULT_FETCH_POLICY, type FetchPolicy } from "./fetch-policy.js";
import { TargetFetchError, type TargetFetchErrorCode } from "./target-fetch-error.js";

const TLS_FIXTURES = new URL("../../../test/fixtures/tls/", import.meta.url);

/** The self-signed certificate (localhost, 127.0.0.1, ::1) and its key, from test/fixtures/tls. */
export const LOCALHOST_TLS = {
  cert: readFileSync(new URL("localhost-cert.pem", TLS_FIXTURES)),
  key: readFileSync(new URL("localhost-key.pem", TLS_FIXTURES)),
};

/** A running loopback server. */
export interface LoopbackServer {
  port: number;
  /** `http(s)://127.0.0.1:port` + path. */
  url(path?: string): string;
  /** TCP connections accepted so far, on every listener. */
  readonly connections: number;
  /** Request lines and Host headers seen (`GET /path host`), for HTTP(S) servers. */
  readonly requests: string[];
  close(): Promise<void>;
}

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** A policy for tests: the defaults with short timeouts, private network allowed unless overridden. */
export function testPolicy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    ...DEFAULT_FETCH_POLICY,
    allowPrivateNetwork: true,
    totalTimeoutMs: 10_000,
    connectTimeoutMs: 2_000,
    idleTimeoutMs: 2_000,
    ...overrides,
  };
}

/** Asserts that `promise` rejects with a TargetFetchError of `code`, and returns it. */
export async function expectFetchError(
  promise: Promise<unknown>,
  code: TargetFetchErrorCode,
): Promise<TargetFetchError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TargetFetchError);
  const fetchError = error as TargetFetchError;
  expect({ code: fetchError.code, message: fetchError.message }).toMatchObject({ code });
  return fetchError;
}

/** An HTTP server on 127.0.0.1 (and ::1 on the same port when free). */
export function startHttpServer(handler: Handler): Promise<LoopbackServer> {
  return startServers("http", () => http.createServer(handler));
}

/** An HTTPS server with the self-signed localhost certificate. */
export function startHttpsServer(handler: Handler): Promise<LoopbackServer> {
  return startServers("https", () => https.createServer(LOCALHOST_TLS, handler));
}

/** A TCP server that hands each accepted socket to `onSocket` (to stall, to speak broken HTTP…). */
export function startTcpServer(onSocket: (socket: net.Socket) => void): Promise<LoopbackServer> {
  return startServers("http", () => net.createServer(onSocket));
}

/** A loopback HTTP proxy that only tunnels (CONNECT), recording each tunnel's authority. */
export interface ConnectProxy extends LoopbackServer {
  /** The `host:port` of every CONNECT received. */
  readonly tunnels: string[];
}

/**
 * A minimal CONNECT proxy. It only ever tunnels to loopback (anything else is answered 403 without
 * connecting), so a test that points a fetch at an off-machine address through it can never leak traffic.
 */
export async function startConnectProxy(): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<net.Socket>();
  const base = await startServers(
    "http",
    () => {
      const server = http.createServer((_request, response) => {
        response.writeHead(405).end("CONNECT only");
      });
      server.on("connect", (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
        const authority = request.url ?? "";
        tunnels.push(authority);
        const { hostname, port } = new URL(`http://${authority}`);
        const host = hostname.replace(/^\[|\]$/g, "");
        if (!["127.0.0.1", "::1", "localhost"].includes(host)) {
          client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
          return;
        }
        const upstream = net.connect({ host, port: Number(port) }, () => {
          client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        sockets.add(upstream);
        upstream.on("close", () => sockets.delete(upstream));
        upstream.on("error", () => client.destroy());
        client.on("error", () => upstream.destroy());
      });
      return server;
    },
    () => {
      for (const socket of sockets) socket.destroy();
    },
  );
  return Object.assign(base, { tunnels });
}

async function startServers(
  scheme: "http" | "https",
  create: () => net.Server,
  onClose?: () => void,
): Promise<LoopbackServer> {
  const sockets = new Set<net.Socket>();
  const requests: string[] = [];
  let connections = 0;
  const servers: net.Server[] = [];
  const track = (server: net.Server): net.Server => {
    // TLS servers emit "secureConnection" after "connection"; counting raw TCP accepts is the strict proof.
    server.on("connection", (socket: net.Socket) => {
      connections++;
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    server.on("request", (request: http.IncomingMessage) => {
      requests.push(`${request.method} ${request.url} ${request.headers.host}`);
    });
    servers.push(server);
    return server;
  };
  const first = track(create());
  await listen(first, "127.0.0.1", 0);
  const port = (first.address() as net.AddressInfo).port;
  // The same port on ::1, so "[::1]:port" and "localhost" (whichever family it resolves to) reach this server.
  const second = track(create());
  await listen(second, "::1", port).catch(() => servers.pop());
  return {
    port,
    url: (path = "/") => `${scheme}://127.0.0.1:${port}${path}`,
    get connections() {
      return connections;
    },
    requests,
    async close() {
      onClose?.();
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

function listen(server: net.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host, port }, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
