import { STATUS_CODES, type IncomingMessage } from "node:http";
import { connect, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { decodeUrlPart, parseRequestTarget } from "@loupe/core/engine";
import type { Project } from "../db/api-keys.js";
import { ServiceError, serviceError } from "../server/service-error.js";
import type { HostedSession } from "./hosted-session.js";

/** The path of a session's CDP websocket: `/v1/sessions/:id/connect`. */
const CONNECT_PATH = /^\/v1\/sessions\/([^/?#]+)\/connect\/?$/;

/** What the proxy needs from the server: who a key belongs to, and a project's running session. */
export interface CdpProxyDependencies {
  verifyKey(key: string): Project | undefined;
  runningSession(projectId: string, id: string): HostedSession;
}

/**
 * Handles the HTTP upgrade of `connectUrl`: checks the key (`Authorization: Bearer` or `?apiKey=`)
 * against the session's project before anything reaches the browser, then splices the client's socket
 * to the browser's own DevTools websocket. The bytes are passed through untouched (no websocket framing
 * is parsed), so any CDP client works, and every chunk either way counts as activity for the idle timer.
 *
 * Returns false for paths that are not a session's connect URL, to let other upgrade handlers have them;
 * a request target that is no URL, an id that is not valid percent-encoding or a request that is not a
 * WebSocket handshake is refused with a 400.
 */
export function handleCdpUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  deps: CdpProxyDependencies,
): boolean {
  const url = parseRequestTarget(request.url);
  if (!url) {
    refuseUpgrade(socket, serviceError("invalid_request", "The request target is not a valid URL."));
    return true;
  }
  const match = CONNECT_PATH.exec(url.pathname);
  if (!match?.[1]) return false;
  const id = decodeUrlPart(match[1]);
  if (id === undefined) {
    refuseUpgrade(
      socket,
      serviceError("invalid_request", "The session id in the connect URL is not valid percent-encoding."),
    );
    return true;
  }
  // Checked here rather than left to the browser, which answers a bad handshake with a 500 of its own.
  if (!isWebSocketHandshake(request)) {
    refuseUpgrade(
      socket,
      serviceError(
        "invalid_request",
        "A connectUrl takes a WebSocket handshake: Upgrade: websocket, Sec-WebSocket-Version: 13 and a Sec-WebSocket-Key.",
      ),
    );
    return true;
  }
  let session: HostedSession;
  try {
    const key = keyOf(request, url);
    if (!key)
      throw new ServiceError(
        401,
        "unauthorized",
        'Missing API key: send "Authorization: Bearer <key>" or ?apiKey=<key> with the connectUrl.',
      );
    const project = deps.verifyKey(key);
    // An unknown key, another project's key and an unknown session get the same answer: the socket
    // does not reveal whether a session id exists.
    const refused = new ServiceError(
      401,
      "unauthorized",
      `This key cannot open session "${id}": the key is unknown or revoked, or the session is not in its project.`,
    );
    if (!project) throw refused;
    try {
      session = deps.runningSession(project.id, id);
    } catch (error) {
      throw error instanceof ServiceError && error.statusCode === 404 ? refused : error;
    }
  } catch (error) {
    refuseUpgrade(socket, error);
    return true;
  }
  splice(request, socket as Socket, head, session);
  return true;
}

/** Whether the request is the opening handshake of a WebSocket (RFC 6455 §4.1). */
function isWebSocketHandshake(request: IncomingMessage): boolean {
  const upgrade =
    request.headers.upgrade
      ?.toLowerCase()
      .split(",")
      .map((token) => token.trim()) ?? [];
  const key = request.headers["sec-websocket-key"];
  return (
    upgrade.length === 1 &&
    upgrade[0] === "websocket" &&
    request.headers["sec-websocket-version"] === "13" &&
    key !== undefined &&
    /^[A-Za-z0-9+/]{22}==$/.test(key)
  );
}

function keyOf(request: IncomingMessage, url: URL): string | undefined {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  return bearer ?? url.searchParams.get("apiKey") ?? undefined;
}

/**
 * Answers an upgrade request with a plain HTTP error in the API's JSON shape, then closes the socket once
 * the answer is out. Ending alone is not enough: nothing reads an upgrade's socket, so the client's own
 * end would never be seen and the socket would stay open (and hold the server's close) as long as the
 * client likes.
 */
export function refuseUpgrade(socket: Duplex, error: unknown): void {
  const known =
    error instanceof ServiceError
      ? error
      : new ServiceError(502, "target_unreachable", "The session's browser could not be reached.");
  const body = JSON.stringify({
    statusCode: known.statusCode,
    error: known.code,
    message: known.message,
    id: `req_upgrade`,
  });
  socket.end(
    `HTTP/1.1 ${known.statusCode} ${STATUS_CODES[known.statusCode] ?? "Error"}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/** Headers that describe the client's hop or carry its key: never forwarded to the browser. */
const DROPPED_HEADERS = new Set(["host", "authorization", "origin"]);

function splice(request: IncomingMessage, client: Socket, head: Buffer, session: HostedSession): void {
  const target = new URL(session.wsEndpoint);
  const upstream = connect(Number(target.port), target.hostname);
  session.adopt(client);
  session.adopt(upstream);
  const lines = [`GET ${target.pathname} HTTP/1.1`, `Host: ${target.host}`];
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i]!;
    // Chromium refuses DevTools websockets with an Origin it was not told to allow, and checks Host.
    if (!DROPPED_HEADERS.has(name.toLowerCase())) lines.push(`${name}: ${request.rawHeaders[i + 1]}`);
  }
  upstream.once("connect", () => {
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head.length) upstream.write(head);
    client.pipe(upstream);
    upstream.pipe(client);
    // Listened to only once piped: a "data" listener alone would switch the client's socket to flowing
    // mode and drop what it sent before the browser connection was open.
    const touch = () => session.touch();
    client.on("data", touch);
    upstream.on("data", touch);
  });
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on("error", close);
  upstream.on("error", close);
  client.on("close", close);
  upstream.on("close", close);
}
