import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net, { type AddressInfo, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { resolveCheckedAddresses, TargetFetchError, type FetchPolicy } from "../fetch/index.js";

/**
 * The forward proxy a session's browser sends every request through (`--proxy-server`, with Chromium's
 * implicit loopback bypass removed): the SSRF wall of `/v1/fetch` applied to a browser. For each request
 * and each tunnel it resolves the host ONCE, checks every address with the fetch policy, and connects to
 * a checked address (never resolving the name again), so a page, a redirect (the browser follows it
 * through here), a WebSocket or a DNS answer that changes between check and connect can reach only what
 * `/v1/fetch` may reach.
 *
 * Plain `http://` arrives in absolute form (`GET http://host/path`) and is forwarded over a fresh
 * connection; everything else (https, ws, wss) arrives as `CONNECT host:port` and is tunnelled as bytes.
 * A refused target is answered 403 with the reason, which the browser shows for http and reports as
 * `net::ERR_TUNNEL_CONNECTION_FAILED` for a tunnel.
 */
export class EgressProxy {
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: http.Server,
    /** The proxy's address for `--proxy-server`. */
    readonly url: string,
  ) {}

  /** Starts a proxy on a free loopback port. `onRefused` hears every refused target, with the reason. */
  static async start(
    policy: FetchPolicy,
    onRefused: (target: string, reason: string) => void = () => {},
  ): Promise<EgressProxy> {
    const server = http.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ host: "127.0.0.1", port: 0 }, () => {
        server.off("error", reject);
        resolve();
      });
    });
    const proxy = new EgressProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const forward = new Forwarder(policy, onRefused, (socket) => proxy.track(socket));
    server.on("connection", (socket: Socket) => proxy.track(socket));
    // Whatever goes wrong with one request ends that request, never the server.
    server.on("request", (request: IncomingMessage, response: ServerResponse) => {
      forward.request(request, response).catch(() => response.destroy());
    });
    server.on("connect", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      forward.tunnel(request, socket as Socket, head).catch(() => socket.destroy());
    });
    // An upgrade in absolute form: Chromium tunnels WebSockets with CONNECT, so nothing sends this.
    server.on("upgrade", (_request: IncomingMessage, socket: Duplex) => {
      socket.end(plainAnswer(501, "WebSockets go through CONNECT on this proxy."));
    });
    return proxy;
  }

  /** Stops accepting and cuts every connection, through it or to it. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
  }
}

/** Headers about one hop, never passed on (RFC 9110 §7.6.1), and the proxy's own. */
const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authorization",
  "proxy-authenticate",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

class Forwarder {
  constructor(
    private readonly policy: FetchPolicy,
    private readonly onRefused: (target: string, reason: string) => void,
    private readonly track: (socket: Socket) => void,
  ) {}

  /** `GET http://host/path`: checked, then sent over its own connection to a checked address. */
  async request(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let target: URL;
    try {
      target = new URL(request.url ?? "");
      if (target.protocol !== "http:") throw new TypeError("not http");
    } catch {
      response.writeHead(400, { "content-type": "text/plain" });
      response.end("This is a forward proxy: send absolute http:// URLs, or CONNECT host:port.");
      return;
    }
    let upstream: Socket;
    try {
      upstream = await this.connect(target);
    } catch (error) {
      const { status, message } = this.failure(target.host, error);
      if (!response.headersSent) response.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
      response.end(message);
      return;
    }
    const outgoing = http.request({
      createConnection: () => upstream,
      method: request.method,
      path: `${target.pathname}${target.search}`,
      // The target's name from the URL, whatever Host the client sent (RFC 9112 §3.2.2).
      headers: passedHeaders(request.rawHeaders, ["Host", target.host, "Connection", "close"], ["host"]),
      setHost: false,
    });
    // The reason phrase is named: a writeHead that threw has left the target's own on the response.
    const badGateway = (message: string) => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502, "Bad Gateway", { "content-type": "text/plain" }).end(message);
    };
    outgoing.on("response", (answer) => {
      answer.on("error", () => response.destroy());
      try {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, passedHeaders(answer.rawHeaders));
      } catch {
        // Node's parser lets through what its writer refuses (a control character in the reason
        // phrase): a target's odd answer is a 502 for that request; thrown here, it would stop the server.
        answer.destroy();
        badGateway(`${target.host} sent an answer that is not valid HTTP.`);
        return;
      }
      answer.pipe(response);
    });
    // A 101 to a request that asked for no upgrade; unheard, Node would leave the request hanging.
    outgoing.on("upgrade", (_answer, socket: Socket) => {
      socket.destroy();
      badGateway(`${target.host} switched protocols on a plain request.`);
    });
    outgoing.on("error", () => badGateway(`${target.host} broke the connection.`));
    response.on("close", () => outgoing.destroy());
    request.pipe(outgoing);
  }

  /** `CONNECT host:port`: checked, then a byte tunnel to a checked address. */
  async tunnel(request: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
    client.on("error", () => client.destroy());
    const authority = request.url ?? "";
    let target: URL;
    try {
      target = new URL(`http://${authority}`);
      if (!target.port || target.pathname !== "/" || target.username || target.search)
        throw new TypeError("not host:port");
    } catch {
      client.end(plainAnswer(400, `CONNECT takes host:port, not "${authority.slice(0, 200)}".`));
      return;
    }
    let upstream: Socket;
    try {
      upstream = await this.connect(target);
    } catch (error) {
      const { status, message } = this.failure(authority, error);
      client.end(plainAnswer(status, message));
      return;
    }
    if (client.destroyed) {
      upstream.destroy();
      return;
    }
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on("error", close);
    client.on("close", close);
    upstream.on("close", close);
  }

  /** Resolves once, checks every address, connects to the first checked address that answers. */
  private async connect(target: URL): Promise<Socket> {
    const signal = AbortSignal.timeout(this.policy.connectTimeoutMs);
    const addresses = await resolveCheckedAddresses(target, this.policy, signal);
    const port = Number(target.port || 80);
    let lastError: unknown;
    for (const address of addresses) {
      try {
        return await this.connectTo(address, port);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  private connectTo(address: string, port: number): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: address, port });
      this.track(socket);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`connecting took longer than ${this.policy.connectTimeoutMs} ms`));
      }, this.policy.connectTimeoutMs);
      socket.once("connect", () => {
        clearTimeout(timer);
        socket.off("error", reject);
        socket.on("error", () => socket.destroy());
        resolve(socket);
      });
      socket.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  private failure(target: string, error: unknown): { status: number; message: string } {
    if (error instanceof TargetFetchError && error.code === "blocked_target") {
      this.onRefused(target, error.message);
      return { status: 403, message: `Loupe Cloud refused ${target}: ${error.message}` };
    }
    const detail = error instanceof Error ? error.message : String(error);
    return { status: 502, message: `Loupe Cloud could not reach ${target}: ${detail}` };
  }
}

/** Raw header pairs without the hop-by-hop ones (and those `Connection` names) and `dropped`, plus `extra`. */
function passedHeaders(raw: string[], extra: string[] = [], dropped: string[] = []): string[] {
  const named = new Set([...HOP_HEADERS, ...dropped]);
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === "connection")
      for (const token of raw[i + 1]!.split(",")) named.add(token.trim().toLowerCase());
  }
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!named.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  }
  return [...kept, ...extra];
}

/** A whole HTTP/1.1 answer with a text body, for a socket the HTTP server no longer writes to. */
function plainAnswer(status: number, message: string): string {
  const reason = http.STATUS_CODES[status] ?? "Error";
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`
  );
}
