import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import { isStudioMessage, type StudioMessage, type Transport } from "../common/transport.js";

/** The close code for a connection without the right token. */
export const UNAUTHORIZED_CLOSE_CODE = 4401;

/** A listening Studio WebSocket server. */
export interface StudioWebSocketServer {
  /** `ws://127.0.0.1:PORT/?token=…`: the address a client connects to, token included. */
  url: string;
  port: number;
  /** The per-launch token a client must present as `?token=`. */
  token: string;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 only and hands each connection that presents the per-launch token to `onConnection`
 * as a `Transport`. A missing or wrong token is closed with 4401 before any message is read.
 */
export async function startWebSocketTransportServer(options: {
  onConnection: (transport: Transport) => void;
  port?: number;
  token?: string;
}): Promise<StudioWebSocketServer> {
  const token = options.token ?? randomBytes(24).toString("base64url");
  const server = new WebSocketServer({ host: "127.0.0.1", port: options.port ?? 0 });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  server.on("connection", (socket, request) => {
    const given = new URL(request.url ?? "/", "http://127.0.0.1").searchParams.get("token");
    if (given !== token) {
      socket.close(UNAUTHORIZED_CLOSE_CODE, "unauthorized");
      return;
    }
    options.onConnection(socketTransport(socket));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/?token=${encodeURIComponent(token)}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
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
