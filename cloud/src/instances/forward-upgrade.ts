import http, { type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { Duplex } from "node:stream";
import { ServiceError } from "../errors/service-error.js";
import { refuseUpgrade } from "../sessions/cdp-proxy.js";
import { CONNECT_TIMEOUT_MS, FORWARDED_BY, FORWARDED_PROTO, ownerNotAnswering } from "./forwarded-headers.js";
import type { ForwardTarget } from "./forward-request.js";

/**
 * Forwards a `connectUrl` upgrade to the instance that runs the session: the same handshake (path,
 * query, headers — the key among them, which the owner checks again) goes to the owner; its answer goes
 * back to the caller as it is, a 101 or a refusal; after a 101 the two sockets are piped into each other
 * and close together. Resolves once the upgrade is answered either way.
 */
export function forwardUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  target: ForwardTarget,
  selfId: string,
): Promise<void> {
  const url = new URL(request.url ?? "/", target.url);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined && !name.startsWith("x-loupe-forwarded-")) headers[name] = value;
  headers[FORWARDED_BY] = selfId;
  headers[FORWARDED_PROTO] = "encrypted" in socket && socket.encrypted ? "https" : "http";
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      settled = true;
      resolve();
    };
    const upstream = client.request(url, {
      method: "GET",
      headers,
      // Its own socket: an upgraded connection must not come from, nor go back to, a keep-alive pool.
      agent: false,
      ...(url.protocol === "https:" && !isIP(url.hostname) ? { servername: url.hostname } : {}),
    });
    const timer = setTimeout(
      () => upstream.destroy(new Error(`no connection within ${CONNECT_TIMEOUT_MS} ms`)),
      CONNECT_TIMEOUT_MS,
    );
    upstream.on("socket", (s) => s.once("connect", () => clearTimeout(timer)));
    upstream.on("upgrade", (response: IncomingMessage, ownerSocket: Duplex, ownerHead: Buffer) => {
      clearTimeout(timer);
      settle();
      ownerSocket.on("error", () => ownerSocket.destroy());
      if (socket.destroyed) {
        ownerSocket.destroy();
        return;
      }
      socket.write(statusAndHeaders(response));
      if (ownerHead.length) socket.write(ownerHead);
      if (head.length) ownerSocket.write(head);
      socket.pipe(ownerSocket);
      ownerSocket.pipe(socket);
      // Either side closing closes the other: a tunnel is never half open.
      socket.once("close", () => ownerSocket.destroy());
      ownerSocket.once("close", () => socket.destroy());
    });
    // The owner refused the handshake (a revoked key, an ended session): its answer, as it is.
    upstream.on("response", (response: IncomingMessage) => {
      clearTimeout(timer);
      settle();
      socket.write(statusAndHeaders(response, { connection: "close" }));
      response.pipe(socket);
      response.once("end", () => socket.end());
      response.once("error", () => socket.destroy());
    });
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (settled) return;
      settle();
      refuseUpgrade(
        socket,
        new ServiceError(
          503,
          "target_unreachable",
          ownerNotAnswering(target.sessionId, target.instanceId, error.code ?? error.message),
        ),
      );
    });
    // The caller giving up before the owner answered ends the forwarded handshake.
    socket.once("close", () => {
      if (!settled) upstream.destroy();
    });
    upstream.end();
  });
}

/** An answer's status line and headers, as raw HTTP/1.1. */
function statusAndHeaders(response: IncomingMessage, replace: Record<string, string> = {}): string {
  const lines = [`HTTP/1.1 ${response.statusCode ?? 502} ${response.statusMessage ?? ""}`];
  const raw = response.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.toLowerCase() in replace || name.toLowerCase() === "transfer-encoding") continue;
    lines.push(`${name}: ${raw[i + 1]}`);
  }
  for (const [name, value] of Object.entries(replace)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}
