import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { isStudioMessage, type StudioMessage, type Transport } from "../common/transport.js";
import { STUDIO_API_PATH, UNAUTHORIZED_CLOSE_CODE } from "../common/web-mode.js";

/**
 * Accepts Studio API WebSockets on `server` at `STUDIO_API_PATH`. A connection must present the
 * per-launch token as `?token=`; a wrong or missing one is closed with 4401 before any message is read.
 * A browser connection must also come from one of `origins` (the UI's own), so another local web page
 * cannot even try tokens.
 */
export function acceptStudioSockets(
  server: Server,
  options: { token: string; origins: () => string[]; onConnection: (transport: Transport) => void },
): { close(): void } {
  const sockets = new WebSocketServer({ noServer: true });
  const onUpgrade = (request: IncomingMessage, stream: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== STUDIO_API_PATH) return void stream.destroy();
    const origin = request.headers.origin;
    if (origin !== undefined && !options.origins().includes(origin)) {
      stream.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
      return;
    }
    sockets.handleUpgrade(request, stream, head, (socket) => {
      if (url.searchParams.get("token") !== options.token) {
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
