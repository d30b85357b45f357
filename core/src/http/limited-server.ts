import { createServer, type RequestListener, type Server } from "node:http";

/**
 * What one client may make a Loupe server wait for or hold. Each bound shuts out one kind of slow or
 * oversized client that would otherwise tie up a socket, memory or a handler indefinitely.
 */
export interface HttpServerLimits {
  /** Time a client has to send a request's line and headers (a client that trickles them: slowloris). */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request, body included (a body that trickles in). */
  requestTimeoutMs: number;
  /**
   * A connection with no byte either way for this long is closed, a request in flight included — so it
   * must exceed the longest silence of a legitimate answer. Covers a client that stops reading.
   */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
  /** The request line and headers together; more is answered 431. */
  maxHeaderBytes: number;
}

/**
 * A Node HTTP server held to `limits`. A client over a timeout gets 408 (or a closed connection); one
 * with oversized headers gets 431. Upgraded sockets (WebSockets) are the upgrade handler's to bound.
 *
 * @param limits The bounds to enforce.
 * @param handler Answers each request, as for `http.createServer`.
 */
export function createLimitedServer(limits: HttpServerLimits, handler?: RequestListener): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      maxHeaderSize: limits.maxHeaderBytes,
      // Node enforces the two timeouts above only when it sweeps its connections (every 30 s by default),
      // which would let a client hold on up to 30 s past its limit.
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    handler,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.setTimeout(limits.idleTimeoutMs);
  return server;
}
