import { SecretRedactor, type EngineBrowser } from "@loupe/core/engine";
import type { SessionBoundary } from "./cdp-command-policy.js";
import type { RouterClient } from "./cdp-router.js";
import { IdleTimer } from "./idle-timer.js";
import type { SessionBrowser } from "./session-browser.js";
import type { EndReason, SessionState } from "./session-state.js";

/** How many variable values a session keeps out of prompts and results (each masks every later prompt). */
const MAX_SESSION_SECRETS = 256;

/** What a running session is made of. */
export interface HostedSessionParts {
  id: string;
  projectId: string;
  /** The API key that created the session: revoking it ends the session. */
  keyId: string;
  region: string;
  createdAt: string;
  browser: SessionBrowser;
  idleTimeoutMs: number;
  /** Called once, after the browser is gone, with how long the session ran. */
  onEnded: (session: HostedSession, reason: EndReason, seconds: number) => Promise<void>;
}

/** A client connection proxied to the session's browser (a `connectUrl` websocket). */
export interface ProxiedConnection {
  /** The API key it was opened with: revoking that key closes it. */
  keyId: string;
  close(): void;
}

/**
 * One hosted browser session: its browser (behind its egress proxy and DevTools router), Loupe's engine
 * connection to it, the client connections proxied to it, and the idle timer. It ends once, for the
 * first reason that comes: a DELETE, the idle timeout, the browser exiting on its own, the key that
 * created it being revoked, or the server shutting down.
 */
export class HostedSession {
  readonly id: string;
  readonly projectId: string;
  readonly keyId: string;
  readonly engine: EngineBrowser;
  /**
   * Every value act's variables typed on this session, masked in every later prompt, result, error and
   * cache entry of the session (the page keeps showing a typed value; the session outlives one call).
   */
  readonly secrets = new SecretRedactor({ maxValues: MAX_SESSION_SECRETS });
  private readonly idle: IdleTimer;
  private readonly connections = new Set<ProxiedConnection>();
  private readonly started = performance.now();
  private ending: Promise<void> | undefined;
  private endReasonValue: EndReason | undefined;
  private endedAtValue: string | undefined;

  constructor(private readonly parts: HostedSessionParts) {
    this.id = parts.id;
    this.projectId = parts.projectId;
    this.keyId = parts.keyId;
    this.engine = parts.browser.engine;
    this.idle = new IdleTimer(parts.idleTimeoutMs, () => void this.end("idle_timeout"));
    // An exit nobody asked for is a crash (or a kill from outside): the session reports it as such.
    void parts.browser.chromium.exited.then(() => void this.end("browser_crashed"));
  }

  /** The browser's process id, for resource accounting. */
  get pid(): number | undefined {
    return this.parts.browser.chromium.pid;
  }

  /** What a client's commands are checked against. */
  get boundary(): SessionBoundary {
    const { router, downloadDir } = this.parts.browser;
    return { downloadDir, targetInfo: (targetId) => router.targetInfo(targetId) };
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

  /** A DevTools session of the browser's own for a new client connection. */
  connectClient(): Promise<RouterClient> {
    return this.parts.browser.router.connect();
  }

  /** Sets a browser context's downloads to `deny`, the session's default until a client asks for them. */
  async denyDownloads(browserContextId: string): Promise<void> {
    await this.parts.browser.router
      .command("Browser.setDownloadBehavior", { behavior: "deny", browserContextId })
      .catch(() => {});
  }

  /** A client connection proxied to the browser: closed when the session ends. */
  adopt(connection: ProxiedConnection): () => void {
    if (this.endReasonValue) {
      connection.close();
      return () => {};
    }
    this.connections.add(connection);
    return () => this.connections.delete(connection);
  }

  /** Closes the connections opened with a key (revoked); returns how many there were. */
  closeConnectionsOf(keyId: string): number {
    let closed = 0;
    for (const connection of [...this.connections]) {
      if (connection.keyId !== keyId) continue;
      this.connections.delete(connection);
      connection.close();
      closed++;
    }
    return closed;
  }

  /** The keys of every open connection and of the session's creator. */
  keyIds(): Set<string> {
    return new Set([this.keyId, ...[...this.connections].map((connection) => connection.keyId)]);
  }

  /** Ends the session (idempotent: the first reason stays); resolves when the browser is gone. */
  end(reason: EndReason): Promise<void> {
    this.ending ??= (async () => {
      this.endReasonValue = reason;
      this.endedAtValue = new Date().toISOString();
      this.idle.stop();
      for (const connection of this.connections) connection.close();
      this.connections.clear();
      await this.parts.browser.close();
      const seconds = (performance.now() - this.started) / 1000;
      await this.parts.onEnded(this, reason, seconds);
    })();
    return this.ending;
  }
}
