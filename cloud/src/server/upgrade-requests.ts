import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { handleCdpUpgrade, refuseUpgrade, type CdpProxyDependencies } from "../sessions/cdp-proxy.js";
import { ServiceError } from "../errors/service-error.js";

/**
 * Routes the server's HTTP upgrade requests (WebSockets): a session's `connectUrl` goes to the CDP proxy;
 * any other path is answered 404. Nothing a client sends may throw out of here: an unexpected error is
 * logged and answered 500, and the socket gets an error listener first, because Node hands an upgrade's
 * socket over with none, so a client that resets it would otherwise take the process down.
 */
export function routeUpgrades(server: Server, deps: CdpProxyDependencies, log: FastifyBaseLogger): void {
  server.on("upgrade", (request, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    handleCdpUpgrade(request, socket, head, deps).then(
      (handled) => {
        if (!handled)
          refuseUpgrade(
            socket,
            new ServiceError(
              404,
              "invalid_request",
              "There is no WebSocket here: the only one is a session's connectUrl, /v1/sessions/:id/connect.",
            ),
          );
      },
      (error: unknown) => {
        log.error({ err: error }, "upgrade request failed");
        refuseUpgrade(
          socket,
          new ServiceError(
            500,
            "extraction_failed",
            "The server failed unexpectedly; the error is in its log.",
          ),
        );
      },
    );
  });
}
