import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Transport } from "../common/transport.js";
import { contentSecurityPolicy } from "./content-security-policy.js";
import { LAUNCH_PATH } from "../common/web-mode.js";
import { LaunchCodes } from "./launch-codes.js";
import { serveStaticFile } from "./static-files.js";
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
   * for a minute) instead of the token, since a command line is readable by other users of the machine.
   */
  launchUrl(): string;
  close(): Promise<void>;
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
}): Promise<StudioWebServer> {
  const token = options.token ?? randomBytes(24).toString("base64url");
  let port = 0;
  const hosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const launchCodes = new LaunchCodes(token);
  const origins = () => hosts().map((host) => `http://${host}`);
  const server = createServer((request, response) => {
    if (!hosts().includes(request.headers.host ?? "")) {
      response.writeHead(421, { "content-type": "text/plain; charset=utf-8" }).end("Wrong host");
      return;
    }
    if (new URL(request.url ?? "/", "http://127.0.0.1").pathname === LAUNCH_PATH) {
      void launchCodes.answer(request, response, origins()).catch(() => response.destroy());
      return;
    }
    void serveStaticFile(options.rendererDir, request, response, {
      "content-security-policy": contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]),
      "referrer-policy": "no-referrer",
    });
  });
  const sockets = acceptStudioSockets(server, {
    token,
    origins,
    onConnection: options.onConnection,
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
    launchUrl: () => `http://127.0.0.1:${port}/#launch=${launchCodes.create()}`,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
