/**
 * The renderer's end of the Studio WebSocket (for `--web` mode and the end-to-end tests): the browser's
 * own WebSocket, no Node. It speaks the message shapes of the Studio transport contract; they are
 * restated here structurally because renderer/ may not import from electron/ (see eslint.config.js).
 */

/** A Studio message as it travels (request, response or event); checked in full by the Studio client. */
export type WireMessage = { kind: "request" | "response" | "event" } & Record<string, unknown>;

/** The Studio `Transport` interface, structurally. */
export interface ClientTransport {
  send(message: WireMessage): void;
  onMessage(handler: (message: WireMessage) => void): () => void;
  onClose(handler: () => void): void;
  close(): void;
}

/**
 * Connects to the Studio server at `url` (which carries `?token=`) and resolves once the socket is open.
 * @throws Error when the connection fails or the server closes it (4401: wrong or missing token).
 */
export function connectWebSocketTransport(url: string): Promise<ClientTransport> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const failed = (event: Event | CloseEvent) =>
      reject(
        new Error(
          "code" in event && event.code === 4401
            ? "The Studio refused the token."
            : `Could not connect to ${url}.`,
        ),
      );
    socket.addEventListener("error", failed, { once: true });
    socket.addEventListener("close", failed, { once: true });
    socket.addEventListener(
      "open",
      () => {
        socket.removeEventListener("error", failed);
        socket.removeEventListener("close", failed);
        resolve(wrap(socket));
      },
      { once: true },
    );
  });
}

function wrap(socket: WebSocket): ClientTransport {
  return {
    send(message) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    onMessage(handler) {
      const listener = (event: MessageEvent) => {
        let value: unknown;
        try {
          value = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const kind = (value as { kind?: unknown } | null)?.kind;
        if (kind === "request" || kind === "response" || kind === "event") handler(value as WireMessage);
      };
      socket.addEventListener("message", listener);
      return () => socket.removeEventListener("message", listener);
    },
    onClose(handler) {
      if (socket.readyState === WebSocket.CLOSED) queueMicrotask(handler);
      else socket.addEventListener("close", () => handler(), { once: true });
    },
    close: () => socket.close(),
  };
}
