import type { HttpServerLimits } from "@loupe/core/engine";

/** The Cloud's bounds on one client: its HTTP server's limits and the largest request body. */
export interface CloudHttpLimits extends HttpServerLimits {
  /** A request body (JSON); more is answered 413. */
  maxBodyBytes: number;
}

/**
 * The defaults, listed in SECURITY.md. The idle timeout sits above the longest silence of a legitimate
 * answer (a fetch has 60 s, a json fetch adds a model call); keep-alive outlasts the 60 s idle timeout
 * common in load balancers, so a balancer never reuses a connection the server is closing.
 */
export const CLOUD_HTTP_LIMITS: Readonly<CloudHttpLimits> = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 5 * 60_000,
  keepAliveTimeoutMs: 72_000,
  maxHeaderBytes: 16 * 1024,
  maxBodyBytes: 1024 * 1024,
});
