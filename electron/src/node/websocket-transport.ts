import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { parseRequestTarget } from "@loupe/core/engine";
import { isStudioMessage, type StudioMessage, type Transport } from "../common/transport.js";
import { STUDIO_API_PATH, UNAUTHORIZED_CLOSE_CODE } from "../common/web-mode.js";

/**
 * Accepts Studio API WebSockets on `server` at `STUDIO_API_PATH`. A connection must present the
 * per-launch token as `?token=`; a wrong or missing one is closed with 4401 before any message is read.
 * The token is the only thing that grants access. A browser connection must also come from one of
 * `origins` (the UI's own), so another web page cannot even try tokens; a local program can send any
 * Origin (or none), so that check is no barrier to it, and is not meant to be. Nothing a client sends may
 * throw out of here: a target that is no URL is a 400, a broken frame or a message over
 * `maxMessageBytes` closes that socket alone.
 */
export function acceptStudioSockets(
  server: Server,
  options: {
    token: string;
    origins: () => string[];
    onConnection: (transport: Transport) => void;
    maxMessageBytes: number;
  },
): { close(): void } {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes });
  const onUpgrade = (request: IncomingMessage, stream: Duplex, head: Buffer) => {
    // Node hands an upgrade's socket over with no error listener: a client resetting it would throw.
    stream.on("error", () => stream.destroy());
    const url = parseRequestTarget(request.url);
    if (!url) return refuse(stream, "400 Bad Request");
    if (url.pathname !== STUDIO_API_PATH) return refuse(stream, "404 Not Found");
    const origin = request.headers.origin;
    if (origin !== undefined && !options.origins().includes(origin)) return refuse(stream, "403 Forbidden");
    sockets.handleUpgrade(request, stream, head, (socket) => {
      // ws reports a broken frame as an "error" event (and closes the socket); unheard, it would throw.
      socket.on("error", () => socket.terminate());
      if (!sameSecret(url.searchParams.get("token") ?? "", options.token)) {
        socket.close(UNAUTHORIZED_CLOSE_CODE, "unauthorized");
        return;
      }
      options.onConnection(socketTransport(socket));
    });
  };
  server.on("upgrade", onUpgrade);
  return {
    close() {
      server.off("upgrade", onUpgrade);
      for (const client of sockets.clients) client.terminate();
      sockets.close();
    },
  };
}

/**
 * Answers an upgrade request that is not taken with a bare HTTP status, then closes the socket once the
 * answer is out. Ending alone is not enough: nothing reads an upgrade's socket, so the client's own end
 * would never be seen and the socket would stay open (and hold the server's close) as long as the client likes.
 */
function refuse(stream: Duplex, status: string): void {
  stream.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => stream.destroy());
}

/** Compares two secrets in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** A `Transport` over one `ws` socket (JSON text frames). Exported for Node clients such as tests. */
export function socketTransport(socket: WebSocket): Transport {
  return {
    send(message: StudioMessage) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    },
    onMessage(handler) {
      const listener = (data: unknown) => {
        let value: unknown;
        try {
          value = JSON.parse(String(data));
        } catch {
          return;
        }
        if (isStudioMessage(value)) handler(value);
      };
      socket.on("message", listener);
      return () => socket.off("message", listener);
    },
    onClose(handler) {
      if (socket.readyState === socket.CLOSED) queueMicrotask(handler);
      else socket.once("close", () => handler());
    },
    close: () => socket.close(),
  };
}
