import type { HttpServerLimits } from "@loupe/core/engine";

/** The web-mode server's bounds on one client: its HTTP limits and the largest API message. */
export interface StudioWebLimits extends HttpServerLimits {
  /** One Studio API WebSocket message from the UI (a schema, an instruction, typed text). */
  maxMessageBytes: number;
}

/** The defaults, listed in SECURITY.md: the server only hands out the UI's files and one short POST. */
export const STUDIO_WEB_LIMITS: Readonly<StudioWebLimits> = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 2 * 60_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
  maxMessageBytes: 8 * 1024 * 1024,
});
