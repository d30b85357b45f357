import type { Socket } from "node:net";
import { SecretRedactor, type ChromiumProcess, type EngineBrowser } from "@loupe/core/engine";
import { IdleTimer } from "./idle-timer.js";
import type { EndReason, SessionState } from "./session-state.js";

/** How many variable values a session keeps out of prompts and results (each masks every later prompt). */
const MAX_SESSION_SECRETS = 256;

/** What a running session is made of. */
export interface HostedSessionParts {
  id: string;
  projectId: string;
  region: string;
  createdAt: string;
  chromium: ChromiumProcess;
  engine: EngineBrowser;
  idleTimeoutMs: number;
  /** Called once, after the browser is gone, with how long the session ran. */
  onEnded: (session: HostedSession, reason: EndReason, seconds: number) => void;
}

/**
 * One hosted browser session: its Chromium, Loupe's engine connection to it, the client connections
 * proxied to it, and the idle timer. It ends once, for the first reason that comes: a DELETE, the idle
 * timeout, the browser exiting on its own, or the server shutting down.
 */
export class HostedSession {
  readonly id: string;
  readonly projectId: string;
  readonly engine: EngineBrowser;
  /**
   * Every value act's variables typed on this session, masked in every later prompt, result, error and
   * cache entry of the session (the page keeps showing a typed value; the session outlives one call).
   */
  readonly secrets = new SecretRedactor({ maxValues: MAX_SESSION_SECRETS });
  private readonly idle: IdleTimer;
  private readonly sockets = new Set<Socket>();
  private readonly started = performance.now();
  private ending: Promise<void> | undefined;
  private endReasonValue: EndReason | undefined;
  private endedAtValue: string | undefined;

  constructor(private readonly parts: HostedSessionParts) {
    this.id = parts.id;
    this.projectId = parts.projectId;
    this.engine = parts.engine;
    this.idle = new IdleTimer(parts.idleTimeoutMs, () => void this.end("idle_timeout"));
    // An exit nobody asked for is a crash (or a kill from outside): the session reports it as such.
    void parts.chromium.exited.then(() => void this.end("browser_crashed"));
  }

  /** The browser's DevTools websocket on loopback, where the proxy forwards client connections. */
  get wsEndpoint(): string {
    return this.parts.chromium.wsEndpoint;
  }

  /** The browser's process id, for resource accounting. */
  get pid(): number | undefined {
    return this.parts.chromium.pid;
  }

  /** Why it ended, once it has (or has begun to). */
  get endReason(): EndReason | undefined {
    return this.endReasonValue;
  }

  state(): SessionState {
    return {
      id: this.id,
      region: this.parts.region,
      createdAt: this.parts.createdAt,
      status: this.endReasonValue ? "ENDED" : "RUNNING",
      ...(this.endedAtValue ? { endedAt: this.endedAtValue } : {}),
      ...(this.endReasonValue ? { endReason: this.endReasonValue } : {}),
    };
  }

  /** Counts as activity (an API call or proxied traffic). */
  touch(): void {
    this.idle.touch();
  }

  /** Runs work on the session's behalf; the idle timeout does not fire while it runs. */
  during<T>(work: () => Promise<T>): Promise<T> {
    return this.idle.during(work);
  }

  /** A client connection proxied to the browser: closed when the session ends. */
  adopt(socket: Socket): void {
    if (this.endReasonValue) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
  }

  /** Ends the session (idempotent: the first reason stays); resolves when the browser is gone. */
  end(reason: EndReason): Promise<void> {
    this.ending ??= (async () => {
      this.endReasonValue = reason;
      this.endedAtValue = new Date().toISOString();
      this.idle.stop();
      this.engine.close();
      for (const socket of this.sockets) socket.destroy();
      await this.parts.chromium.kill();
      const seconds = (performance.now() - this.started) / 1000;
      this.parts.onEnded(this, reason, seconds);
    })();
    return this.ending;
  }
}
