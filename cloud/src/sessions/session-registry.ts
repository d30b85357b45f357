import { randomUUID } from "node:crypto";
import type { LocalBrowserOptions } from "@loupe/core/engine";
import type { KeyHolder } from "../db/api-keys.js";
import type { CloudDatabase } from "../db/database.js";
import type { UsageLedger } from "../db/usage.js";
import type { FetchPolicy } from "../fetch/index.js";
import { ServiceError, serviceError } from "../server/service-error.js";
import { HostedSession } from "./hosted-session.js";
import { launchSessionBrowser } from "./session-browser.js";
import { END_REASON_TEXT, type EndReason, type SessionState } from "./session-state.js";
import { SessionStore } from "./session-store.js";

/** How the server runs sessions. */
export interface SessionLimits {
  /** The one region this server serves; recorded on every session. */
  region: string;
  /** Sessions one project may have running at once. */
  maxPerProject: number;
  /** Sessions the server runs at once, all projects together. */
  maxTotal: number;
  /** A session nobody used (API call or proxied CDP traffic) for this long ends. */
  idleTimeoutMs: number;
  /** How session browsers are launched (executable, extra switches). */
  browser: LocalBrowserOptions;
  /** The fetch policy, whose address rules session browsers obey too. */
  policy: FetchPolicy;
}

/** What `POST /v1/sessions` asks for, checked. */
export interface SessionRequest {
  region?: string;
  blockAds: boolean;
}

/**
 * The server's hosted sessions: launches a Chromium per session, enforces the per-project limit, ends
 * sessions (killing their browsers) and records each in the database and in usage (session seconds).
 */
export class SessionRegistry {
  private readonly running = new Map<string, HostedSession>();
  /** Sessions counted against a project's limit: running ones and those still launching. */
  private readonly perProject = new Map<string, number>();
  /** The same, all projects together, against the server's limit. */
  private total = 0;
  private readonly store: SessionStore;
  private closed = false;

  private constructor(
    db: CloudDatabase,
    private readonly usage: UsageLedger,
    private readonly limits: SessionLimits,
    private readonly onStoreError: (error: unknown) => void,
  ) {
    this.store = new SessionStore(db);
  }

  /**
   * The registry of a server starting on `db`. Sessions the store still has RUNNING were left by a server
   * that stopped without ending them (killed, crashed): their browsers died with it, so they are recorded
   * as ended by the shutdown. `onStoreError` hears of a session's end the store could not record.
   */
  static async open(
    db: CloudDatabase,
    usage: UsageLedger,
    limits: SessionLimits,
    onStoreError: (error: unknown) => void = () => undefined,
  ): Promise<SessionRegistry> {
    const registry = new SessionRegistry(db, usage, limits, onStoreError);
    await registry.store.endOrphans(new Date().toISOString());
    return registry;
  }

  /** Launches a session for the project of a key; the session ends if that key is revoked. */
  async create(holder: KeyHolder, request: SessionRequest): Promise<SessionState> {
    const projectId = holder.project.id;
    if (this.closed) throw new ServiceError(503, "rate_limited", "The server is shutting down.");
    const region = request.region ?? this.limits.region;
    if (region !== this.limits.region)
      throw serviceError(
        "invalid_request",
        `This server serves region "${this.limits.region}" only, not "${region}". Leave region out or send "${this.limits.region}".`,
      );
    const count = this.perProject.get(projectId) ?? 0;
    if (count >= this.limits.maxPerProject)
      throw serviceError(
        "rate_limited",
        `This project already has ${count} sessions running, the most allowed at once. End one (DELETE /v1/sessions/:id) and retry.`,
      );
    if (this.total >= this.limits.maxTotal)
      throw serviceError(
        "rate_limited",
        `This server is running ${this.total} sessions, the most it runs at once for all projects together. Retry in a while, when others have ended.`,
      );
    this.perProject.set(projectId, count + 1);
    this.total++;
    try {
      const session = await this.launch(holder, region, request.blockAds);
      return session.state();
    } catch (error) {
      this.release(projectId);
      throw error;
    }
  }

  /** The state of a project's session, running or ended; 404 for unknown ids and other projects'. */
  async state(projectId: string, id: string): Promise<SessionState> {
    const session = this.running.get(id);
    if (session && session.projectId === projectId) {
      session.touch();
      return session.state();
    }
    const stored = await this.store.find(projectId, id);
    if (!stored) throw notFound(id);
    return stored;
  }

  /**
   * A project's session that is still running, for extract, act and the CDP proxy.
   * @throws 404 for an unknown id or another project's session; 409 naming why for an ended one.
   */
  async runningSession(projectId: string, id: string): Promise<HostedSession> {
    const session = this.running.get(id);
    if (session && session.projectId === projectId && !session.endReason) {
      session.touch();
      return session;
    }
    const state = session?.projectId === projectId ? session.state() : await this.store.find(projectId, id);
    if (!state) throw notFound(id);
    throw endedError(state);
  }

  /** Ends a project's session; ending an ended one answers its state again. */
  async end(projectId: string, id: string): Promise<SessionState> {
    const session = this.running.get(id);
    if (session && session.projectId === projectId) {
      await session.end("closed");
      return session.state();
    }
    return this.state(projectId, id);
  }

  /** A running session's browser process id (tests and the bench measure it). */
  browserPid(id: string): number | undefined {
    return this.running.get(id)?.pid;
  }

  /** The ids of the keys that created a running session or opened one of its connections. */
  keyIdsInUse(): string[] {
    const ids = new Set<string>();
    for (const session of this.running.values()) for (const id of session.keyIds()) ids.add(id);
    return [...ids];
  }

  /**
   * Takes revoked keys' access away at once: ends the sessions they created (`key_revoked`) and closes
   * the `connectUrl` connections opened with them on other sessions.
   */
  async revoke(keyIds: readonly string[]): Promise<void> {
    const revoked = new Set(keyIds);
    const ending: Promise<void>[] = [];
    for (const session of this.running.values()) {
      if (revoked.has(session.keyId)) ending.push(session.end("key_revoked"));
      else for (const keyId of revoked) session.closeConnectionsOf(keyId);
    }
    await Promise.all(ending);
  }

  /** Ends every session with `server_shutdown` and waits for their browsers to exit. */
  async closeAll(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running.values()].map((session) => session.end("server_shutdown")));
  }

  private async launch(holder: KeyHolder, region: string, blockAds: boolean): Promise<HostedSession> {
    const browser = await launchSessionBrowser({
      browser: this.limits.browser,
      policy: this.limits.policy,
      blockAds,
    });
    const id = `ses_${randomUUID()}`;
    const createdAt = new Date().toISOString();
    try {
      await this.store.insert(holder, { id, region, createdAt, status: "RUNNING" }, blockAds);
    } catch (error) {
      // A session the store does not know could be neither looked up nor billed: it does not start.
      await browser.close();
      throw error;
    }
    const session = new HostedSession({
      id,
      projectId: holder.project.id,
      keyId: holder.keyId,
      region,
      createdAt,
      browser,
      idleTimeoutMs: this.limits.idleTimeoutMs,
      onEnded: (ended, reason, seconds) => this.onEnded(ended, reason, seconds),
    });
    this.running.set(session.id, session);
    if (this.closed) await session.end("server_shutdown");
    return session;
  }

  private async onEnded(session: HostedSession, reason: EndReason, seconds: number): Promise<void> {
    this.running.delete(session.id);
    this.release(session.projectId);
    const { endedAt } = session.state();
    try {
      await this.store.end(session.id, endedAt ?? new Date().toISOString(), reason);
    } catch (error) {
      // The browser is gone either way; a later start records the session as ended (endOrphans).
      this.onStoreError(error);
    }
    this.usage.record(session.projectId, "session", {
      outcome: reason === "browser_crashed" ? reason : "ok",
      units: Math.round(seconds * 1000) / 1000,
    });
  }

  private release(projectId: string): void {
    this.total--;
    const left = (this.perProject.get(projectId) ?? 1) - 1;
    if (left > 0) this.perProject.set(projectId, left);
    else this.perProject.delete(projectId);
  }
}

/** Unknown and other projects' sessions are answered alike, so an id does not tell whether it exists. */
function notFound(id: string): ServiceError {
  return new ServiceError(
    404,
    "invalid_request",
    `There is no session "${id}" in this key's project. Create one with POST /v1/sessions.`,
  );
}

function endedError(state: SessionState): ServiceError {
  const why = state.endReason ? END_REASON_TEXT[state.endReason] : "it is no longer running";
  return new ServiceError(
    409,
    "invalid_request",
    `Session "${state.id}" has ended (${state.endReason ?? "ended"}): ${why}. Create a new session with POST /v1/sessions.`,
  );
}
