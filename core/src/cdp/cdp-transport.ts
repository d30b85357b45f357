import WebSocket from "ws";
import { ClientError } from "../errors.js";

/**
 * One DevTools connection's messages, whatever carries them: a websocket to a browser's DevTools port,
 * the pipe of a browser started with `--remote-debugging-pipe`, or a router that shares one browser
 * between several clients. Messages are CDP JSON text, whole.
 */
export interface CdpTransport {
  send(message: string): void;
  /** Receives every message, in order. Set once, before the first message can arrive. */
  onmessage?: (message: string) => void;
  /** Called once when the transport closes for any reason, `close()` included. */
  onclose?: (reason: Error) => void;
  close(): void;
}

/**
 * Opens a websocket to a `ws://…/devtools/browser/…` URL as a transport. `headers` go with the upgrade
 * request (a hosted session's proxy wants `Authorization`).
 */
export async function connectWebSocketTransport(
  url: string,
  { timeoutMs = 30_000, headers }: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<CdpTransport> {
  const socket = new WebSocket(url, {
    perMessageDeflate: false,
    maxPayload: 1024 * 1024 * 1024,
    ...(headers ? { headers } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new ClientError(`Could not connect to the browser at ${url} within ${timeoutMs} ms.`));
    }, timeoutMs);
    socket.once("open", () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once("error", (error) => {
      clearTimeout(timer);
      reject(
        new ClientError(`Could not connect to the browser at ${url}: ${error.message}`, { cause: error }),
      );
    });
  });
  const transport: CdpTransport = {
    send: (message) => socket.send(message),
    close: () => socket.terminate(),
  };
  let closed = false;
  const close = (reason: Error) => {
    if (closed) return;
    closed = true;
    transport.onclose?.(reason);
  };
  socket.on("message", (data) => transport.onmessage?.(data.toString()));
  socket.on("close", () => close(new ClientError("The browser's DevTools connection closed.")));
  socket.on("error", (error) =>
    close(new ClientError(`The browser's DevTools connection failed: ${error.message}`, { cause: error })),
  );
  return transport;
}
