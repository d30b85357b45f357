import {
  createStudioClient,
  LAUNCH_PATH,
  STUDIO_API_PATH,
  type StudioClient,
  type StudioErrorData,
  type StudioMessage,
  type Transport,
} from "@loupe/studio/common";
import { connectWebSocketTransport } from "./websocket-client-transport.js";

/** How a bridged call ends: the service's response as plain data. */
export type BridgeOutcome = { ok: true; result: unknown } | { ok: false; error: StudioErrorData };

/**
 * What Electron's preload exposes as `window.loupeStudio` (see electron/src/preload): one function per
 * Studio method, and a subscription to the service's events. Nothing else of Electron reaches the page.
 */
export interface PreloadBridge {
  readonly methods: Readonly<Record<string, (params: unknown) => Promise<BridgeOutcome>>>;
  onEvent(handler: (name: string, payload: unknown) => void): () => void;
}

/**
 * Connects the typed client over whichever transport this window has: Electron's preload bridge when
 * present, else the web-mode WebSocket on this page's own origin with the launch token from the URL
 * fragment (a fragment never reaches a server log). The composition root calls this once.
 */
export async function connectStudio(
  location: Location,
  bridge: PreloadBridge | undefined,
  history: Pick<History, "replaceState">,
): Promise<StudioClient> {
  if (bridge) return createStudioClient(bridgeTransport(bridge));
  await redeemLaunchCode(location, history);
  return createStudioClient(await connectWebSocketTransport(webSocketUrl(location)));
}

/**
 * A window the launcher opened arrives with `#launch=CODE` (forwarded from a file only its user can
 * read), not the token: trade the one-time code for the token and put the token in the address, so a
 * reload still connects. Any other address is left as it is.
 */
export async function redeemLaunchCode(
  location: Pick<Location, "hash" | "origin">,
  history: Pick<History, "replaceState">,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const code = new URLSearchParams(location.hash.replace(/^#/, "")).get("launch");
  if (!code) return;
  const response = await fetchImpl(`${location.origin}${LAUNCH_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code }),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: unknown; message?: unknown };
  if (!response.ok || typeof body.token !== "string")
    throw new Error(
      typeof body.message === "string"
        ? body.message
        : "This launch code was refused: open the address `loupe studio` printed.",
    );
  history.replaceState(null, "", `#token=${body.token}`);
}

/** `ws://host/studio-api?token=…` from `http://host/#token=…`. */
export function webSocketUrl(location: Pick<Location, "host" | "hash">): string {
  const token = new URLSearchParams(location.hash.replace(/^#/, "")).get("token") ?? "";
  return `ws://${location.host}${STUDIO_API_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The renderer's end of the Electron IPC transport: each request the typed client sends becomes a call
 * of the bridge's function for that method, and its outcome comes back as the matching response, so
 * the client validates params, results and events exactly as over the WebSocket.
 */
export function bridgeTransport(bridge: PreloadBridge): Transport {
  const handlers = new Set<(message: StudioMessage) => void>();
  const deliver = (message: StudioMessage): void => {
    for (const handler of handlers) handler(message);
  };
  let closed = false;
  const offEvents = bridge.onEvent((name, payload) => {
    if (!closed) deliver({ kind: "event", name, payload });
  });
  return {
    send(message) {
      if (closed || message.kind !== "request") return;
      const { id, method, params } = message;
      const call = Object.hasOwn(bridge.methods, method) ? bridge.methods[method] : undefined;
      const outcome: Promise<BridgeOutcome> = call
        ? call(params).catch((error: unknown) => ({
            ok: false,
            error: { code: "internal", message: error instanceof Error ? error.message : String(error) },
          }))
        : Promise.resolve({
            ok: false,
            error: {
              code: "unknown_method",
              message: `The desktop app offers no Studio method "${method}".`,
            },
          });
      void outcome.then((answer) => {
        if (!closed) deliver({ kind: "response", id, ...answer });
      });
    },
    onMessage(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    // The window and main live and die together: there is no separate close to observe.
    onClose: () => {},
    close() {
      closed = true;
      offEvents();
    },
  };
}
