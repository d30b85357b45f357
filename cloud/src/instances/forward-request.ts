import http, { type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ServiceError } from "../errors/service-error.js";
import { CONNECT_TIMEOUT_MS, FORWARDED_BY, FORWARDED_PROTO, ownerNotAnswering } from "./forwarded-headers.js";

/** The instance a request goes to, and the session it is about (for the error when it does not answer). */
export interface ForwardTarget {
  instanceId: string;
  url: string;
  sessionId: string;
}

/**
 * What travels to the owner besides the method, path and body: the caller's key (the owner checks it
 * again in the shared store: no secret between instances), the body's type and length, and the Host the
 * caller used, so the owner's `connectUrl` names the address the caller reached (the load balancer),
 * never an internal one.
 */
const REQUEST_HEADERS = ["authorization", "content-type", "content-length", "accept", "user-agent", "host"];

/** Headers of one hop, which the answer does not carry on to the caller. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);

/**
 * Forwards an API request to the instance that runs its session and streams the answer back as it
 * comes: status, headers and body. The body is piped unread (the owner parses and limits it); the
 * caller hanging up aborts the forwarded request, so the owner stops the work too.
 * @throws ServiceError 503 naming the instance when it cannot be reached.
 */
export function forwardRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  target: ForwardTarget,
  selfId: string,
): Promise<FastifyReply> {
  const url = new URL(request.raw.url ?? request.url, target.url);
  const headers: OutgoingHttpHeaders = {};
  for (const name of REQUEST_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  headers[FORWARDED_BY] = selfId;
  headers[FORWARDED_PROTO] = request.protocol;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let answered = false;
    const upstream = client.request(
      url,
      {
        method: request.method,
        headers,
        // TLS names the instance's own host, not the Host header passed on for the caller's address.
        ...(url.protocol === "https:" && !isIP(url.hostname) ? { servername: url.hostname } : {}),
      },
      (response: IncomingMessage) => {
        answered = true;
        void reply.code(response.statusCode ?? 502);
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined && !HOP_BY_HOP.has(name)) void reply.header(name, value);
        resolve(reply.send(response));
      },
    );
    const fail = (why: string) => {
      if (answered) return;
      answered = true;
      reject(
        new ServiceError(
          503,
          "target_unreachable",
          ownerNotAnswering(target.sessionId, target.instanceId, why),
        ),
      );
    };
    upstream.on("error", (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    upstream.on("socket", (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () => upstream.destroy(new Error(`no connection within ${CONNECT_TIMEOUT_MS} ms`)),
        CONNECT_TIMEOUT_MS,
      );
      socket.once("connect", () => clearTimeout(timer));
      socket.once("close", () => clearTimeout(timer));
    });
    // The caller hanging up (before the whole answer is out) ends the forwarded request with it.
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) upstream.destroy();
    });
    request.raw.pipe(upstream);
  });
}
