import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { decodeUrlPart, parseRequestTarget, type CdpResult } from "@loupe/core/engine";
import type { KeyHolder } from "../db/api-keys.js";
import { ServiceError, serviceError } from "../errors/service-error.js";
import { parseClientCommand, type CdpCommand } from "./cdp-client-command.js";
import { checkCommand } from "./cdp-command-policy.js";
import type { RouterClient } from "./cdp-router.js";
import type { HostedSession } from "./hosted-session.js";

/** The path of a session's CDP websocket: `/v1/sessions/:id/connect`. */
const CONNECT_PATH = /^\/v1\/sessions\/([^/?#]+)\/connect\/?$/;

/**
 * What the proxy needs from the server: who a key belongs to, and a project's running session; and,
 * with several instances, a way to hand the upgrade of a session another instance runs to that one.
 */
export interface CdpProxyDependencies {
  verifyKey(key: string): Promise<KeyHolder | undefined>;
  runningSession(projectId: string, id: string): Promise<HostedSession>;
  /**
   * Forwards the upgrade to the instance running the project's session and answers true, or answers
   * false to have it served here.
   */
  forward?(
    projectId: string,
    id: string,
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ): Promise<boolean>;
}

/** The largest CDP message a client may send (a page's HTML, a file's content in a script…). */
const MAX_COMMAND_BYTES = 64 * 1024 * 1024;

const websockets = new WebSocketServer({
  noServer: true,
  perMessageDeflate: false,
  maxPayload: MAX_COMMAND_BYTES,
});

/**
 * Handles the HTTP upgrade of `connectUrl`: checks the key (`Authorization: Bearer` or `?apiKey=`)
 * against the session's project before anything reaches the browser, then serves a CDP websocket whose
 * every command is checked (`checkCommand`) and passed to a DevTools session of the browser's own (the
 * browser has no port: the router shares its pipe). Any CDP client works as with a browser's own
 * websocket; every message either way counts as activity for the idle timer.
 *
 * Returns false for paths that are not a session's connect URL, to let other upgrade handlers have them;
 * a request target that is no URL, an id that is not valid percent-encoding or a request that is not a
 * WebSocket handshake is refused with a 400.
 */
export async function handleCdpUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  deps: CdpProxyDependencies,
): Promise<boolean> {
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
  let holder: KeyHolder;
  try {
    const key = keyOf(request, url);
    if (!key)
      throw new ServiceError(
        401,
        "unauthorized",
        'Missing API key: send "Authorization: Bearer <key>" or ?apiKey=<key> with the connectUrl.',
      );
    const verified = await deps.verifyKey(key);
    // An unknown key, another project's key and an unknown session get the same answer: the socket
    // does not reveal whether a session id exists.
    const refused = new ServiceError(
      401,
      "unauthorized",
      `This key cannot open session "${id}": the key is unknown or revoked, or the session is not in its project.`,
    );
    if (!verified) throw refused;
    holder = verified;
    if (await deps.forward?.(holder.project.id, id, request, socket, head)) return true;
    try {
      session = await deps.runningSession(holder.project.id, id);
    } catch (error) {
      throw error instanceof ServiceError && error.statusCode === 404 ? refused : error;
    }
  } catch (error) {
    refuseUpgrade(socket, error);
    return true;
  }
  // The client may have given up while the store was asked.
  if (socket.destroyed) return true;
  websockets.handleUpgrade(request, socket, head, (websocket) => bridge(websocket, session, holder.keyId));
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

/** The protocol's error codes for a message that is not a command, and for a refused one. */
const INVALID_REQUEST = -32600;
const SERVER_ERROR = -32000;

/**
 * Connects one client websocket to a DevTools session of the browser: commands are checked and then
 * routed, answers and events come back as the browser writes them. Messages that arrive while the
 * browser session is being opened wait, in order.
 */
function bridge(websocket: WebSocket, session: HostedSession, keyId: string): void {
  let client: RouterClient | undefined;
  const early: string[] = [];
  const release = session.adopt({ keyId, close: () => websocket.terminate() });
  const onMessage = (text: string) => {
    session.touch();
    if (client) handle(text, client, session, websocket);
    else early.push(text);
  };
  websocket.on("message", (data: RawData) => onMessage(data.toString()));
  websocket.on("error", () => websocket.terminate());
  websocket.on("close", () => {
    release();
    client?.close();
  });
  session.connectClient().then(
    (opened) => {
      if (websocket.readyState !== websocket.OPEN) {
        opened.close();
        return;
      }
      client = opened;
      opened.onmessage = (text) => {
        session.touch();
        websocket.send(text);
      };
      opened.onclose = () => websocket.close(1011, "The session's browser is gone.");
      for (const text of early.splice(0)) handle(text, opened, session, websocket);
    },
    () => websocket.close(1011, "The session's browser could not be reached."),
  );
}

function handle(text: string, client: RouterClient, session: HostedSession, websocket: WebSocket): void {
  const command = parseClientCommand(text);
  if (typeof command === "string") {
    websocket.send(JSON.stringify({ error: { code: INVALID_REQUEST, message: command } }));
    return;
  }
  const verdict = checkCommand(command, session.boundary);
  switch (verdict.kind) {
    case "refuse":
      client.answer(command, { error: { code: SERVER_ERROR, message: verdict.message } });
      return;
    case "end-session":
      // Puppeteer's browser.close(): the session ends, as DELETE would end it.
      client.answer(command, { result: {} });
      void session.end("closed");
      return;
    case "forward":
      client.command(verdict.command, afterAnswer(verdict.command, session));
  }
}

/**
 * Work that must happen before the client hears an answer: a browser context a client creates starts
 * with downloads denied, set before the client can ask for anything in it.
 */
function afterAnswer(
  command: CdpCommand,
  session: HostedSession,
): ((result: unknown) => Promise<void>) | undefined {
  if (command.method !== "Target.createBrowserContext") return undefined;
  return async (result) => {
    // The browser's answer to that very command.
    const { browserContextId } = result as CdpResult<"Target.createBrowserContext">;
    await session.denyDownloads(browserContextId);
  };
}
