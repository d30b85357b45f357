import { createStudioClient, type StudioClient, type Transport } from "@loupe/studio/common";
import { connectWebSocketTransport } from "./websocket-client-transport.js";

/** The bridge Electron's preload exposes (see electron/src/preload): one message pipe to main. */
export interface PreloadBridge {
  send(message: unknown): void;
  onMessage(handler: (message: unknown) => void): () => void;
}

/**
 * Connects the typed client over whichever transport this window has: Electron's preload bridge when
 * present, else the web-mode WebSocket on this page's own origin with the launch token from the URL
 * fragment (a fragment never reaches a server log). The composition root calls this once.
 */
export async function connectStudio(
  location: Location,
  bridge: PreloadBridge | undefined,
): Promise<StudioClient> {
  const transport = bridge
    ? bridgeTransport(bridge)
    : await connectWebSocketTransport(webSocketUrl(location));
  return createStudioClient(transport);
}

/** `ws://host/studio-api?token=…` from `http://host/#token=…`. */
export function webSocketUrl(location: Pick<Location, "host" | "hash">): string {
  const token = new URLSearchParams(location.hash.replace(/^#/, "")).get("token") ?? "";
  return `ws://${location.host}/studio-api?token=${encodeURIComponent(token)}`;
}

function bridgeTransport(bridge: PreloadBridge): Transport {
  return {
    send: (message) => bridge.send(message),
    onMessage: (handler) => bridge.onMessage((message) => handler(message as Parameters<typeof handler>[0])),
    // The window and main live and die together: there is no separate close to observe.
    onClose: () => {},
    close: () => {},
  };
}
