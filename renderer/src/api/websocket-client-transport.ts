import {
  isStudioMessage,
  UNAUTHORIZED_CLOSE_CODE,
  type StudioMessage,
  type Transport,
} from "@loupe/studio/common";

/**
 * The renderer's end of the web-mode transport: the browser's own WebSocket, JSON text frames. Resolves
 * once the socket is open; a refused token (close code 4401) rejects with a message a person can act on.
 */
export function connectWebSocketTransport(url: string): Promise<Transport> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const closeHandlers: ((reason?: string) => void)[] = [];
    let opened = false;
    let closedReason: string | undefined;
    socket.addEventListener("open", () => {
      opened = true;
      resolve({
        send(message: StudioMessage) {
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
            if (isStudioMessage(value)) handler(value);
          };
          socket.addEventListener("message", listener);
          return () => socket.removeEventListener("message", listener);
        },
        onClose(handler) {
          if (socket.readyState === WebSocket.CLOSED) queueMicrotask(() => handler(closedReason));
          else closeHandlers.push(handler);
        },
        close: () => socket.close(),
      });
    });
    socket.addEventListener("close", (event) => {
      // The service accepts the socket and then closes it with 4401 for a wrong token, so the refusal
      // may come before or after "open": either way it reaches the caller as the reason.
      const reason =
        event.code === UNAUTHORIZED_CLOSE_CODE
          ? "The Studio refused this page's token: open the address `loupe studio` printed."
          : "Could not reach the Studio service: is `loupe studio` still running?";
      closedReason = reason;
      if (!opened) reject(new Error(reason));
      for (const handler of closeHandlers.splice(0)) handler(reason);
    });
  });
}
