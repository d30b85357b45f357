import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createLimitedServer, parseRequestTarget } from "@loupe/core/engine";
import type { Transport } from "../common/transport.js";
import { contentSecurityPolicy } from "./content-security-policy.js";
import { LAUNCH_PATH } from "../common/web-mode.js";
import { LaunchCodes, type LaunchCode } from "./launch-codes.js";
import { createStaticFiles } from "./static-files.js";
import { STUDIO_WEB_LIMITS, type StudioWebLimits } from "./web-server-limits.js";
import { acceptStudioSockets } from "./websocket-transport.js";

/** A listening web-mode Studio: the UI and its API on one loopback origin. */
export interface StudioWebServer {
  /** `http://127.0.0.1:PORT/#token=…`: what to open; the token rides in the fragment, never in a log. */
  url: string;
  port: number;
  /** The per-launch token the UI presents to the API. */
  token: string;
  /**
   * An address for a browser started on the person's behalf: it carries a one-time launch code (good
   * for a minute) instead of the token. The code is a secret too: hand the address over in a file only
   * the user can read (see `writeLaunchPage`), never on a command line.
   */
  launch(): LaunchTicket;
  close(): Promise<void>;
}

/** A launch address and when its code is spent (traded or expired), so a copy of it can be removed. */
export interface LaunchTicket {
  url: string;
  settled: LaunchCode["settled"];
}

/**
 * Serves the built renderer (`rendererDir`) and the Studio API WebSocket on 127.0.0.1 only. Requests
 * whose Host is not this loopback address are refused, so a page that rebinds its DNS name to 127.0.0.1
 * cannot read the UI through the person's browser.
 */
export async function startStudioWebServer(options: {
  rendererDir: string;
  onConnection: (transport: Transport) => void;
  port?: number;
  token?: string;
  /** Replaces some of the bounds on one client; see STUDIO_WEB_LIMITS. */
  limits?: Partial<StudioWebLimits>;
}): Promise<StudioWebServer> {
  const limits = { ...STUDIO_WEB_LIMITS, ...options.limits };
  const token = options.token ?? randomBytes(24).toString("base64url");
  let port = 0;
  const hosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const launchCodes = new LaunchCodes(token);
  const origins = () => hosts().map((host) => `http://${host}`);
  const staticFiles = createStaticFiles(options.rendererDir);
  const uiHeaders = () => ({
    "content-security-policy": contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]),
    "referrer-policy": "no-referrer",
  });
  const server = createLimitedServer(limits, (request, response) => {
    if (!hosts().includes(request.headers.host ?? "")) {
      response.writeHead(421, { "content-type": "text/plain; charset=utf-8" }).end("Wrong host");
      return;
    }
    const target = parseRequestTarget(request.url);
    if (!target) {
      response
        .writeHead(400, { "content-type": "text/plain; charset=utf-8" })
        .end("Malformed request target");
      return;
    }
    // Each answer fails alone: whatever goes wrong ends this response, never the server.
    if (target.pathname === LAUNCH_PATH) {
      void launchCodes.answer(request, response, origins()).catch(() => response.destroy());
      return;
    }
    try {
      staticFiles(request, response, uiHeaders());
    } catch {
      response.destroy();
    }
  });
  const sockets = acceptStudioSockets(server, {
    token,
    origins,
    onConnection: options.onConnection,
    maxMessageBytes: limits.maxMessageBytes,
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    port,
    token,
    launch: () => {
      const { code, settled } = launchCodes.create();
      return { url: `http://127.0.0.1:${port}/#launch=${code}`, settled };
    },
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        launchCodes.clear();
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
