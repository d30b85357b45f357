import { randomUUID } from "node:crypto";
import type { LocalBrowserOptions } from "@loupe/core/engine";
import type { KeyHolder } from "../db/api-keys.js";
import type { CloudDatabase } from "../db/database.js";
import type { UsageLedger } from "../db/usage.js";
import type { FetchPolicy } from "../fetch/index.js";
import { ServiceError, serviceError } from "../errors/service-error.js";
import { HostedSession } from "./hosted-session.js";
import { launchSessionBrowser } from "./session-browser.js";
import { END_REASON_TEXT, type EndReason, type SessionState } from "./session-state.js";
import { SessionStore } from "./session-store.js";

/**
 * The instance the sessions run on, as sessions need it (the instance registry is one): its id, which
 * every session row records, and ending the sessions that instances no longer alive left RUNNING.
 */
export interface SessionHost {
  readonly id: string;
  endOrphans(): Promise<void>;
}

/** How the server runs sessions. */
export interface SessionLimits {
  /** The one region this server serves; recorded on every session. */
  region: string;
  /** Sessions one project may have running at once, on all instances sharing the store together. */
  maxPerProject: number;
  /** Sessions this instance runs at once, all projects together (it protects this machine's memory). */
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
 * This instance's hosted sessions: launches a Chromium per session, enforces the limits (per project in
 * the store, across instances; in total here), ends sessions (killing their browsers) and records each
 * in the database and in usage (session seconds).
 */
export class SessionRegistry {
  private readonly running = new Map<string, HostedSession>();
  /** Reserved in the store, browser still launching. */
  private readonly launching = new Set<string>();
  /** Ends the store could not record (it was unreachable): retried by `reconcile`. */
  private readonly unrecorded = new Map<string, { endedAt: string; reason: EndReason }>();
  /** Sessions running or launching here, all projects together, against this instance's limit. */
  private total = 0;
  private readonly store: SessionStore;
  private closed = false;

  private constructor(
    db: CloudDatabase,
    private readonly usage: UsageLedger,
    private readonly limits: SessionLimits,
    private readonly instances: SessionHost,
    private readonly onStoreError: (error: unknown) => void,
  ) {
    this.store = new SessionStore(db);
  }

  /**
   * The registry of an instance starting on `db`. Sessions the store still has RUNNING on instances that
   * are dead (stopped, or heartbeat too old), or from Loupes before instances, were left by servers that
   * stopped without ending them (killed, crashed): their browsers died with them, so they are recorded as
   * ended by the shutdown. Other live instances' sessions stay theirs. `onStoreError` hears of a
   * session's end the store could not record.
   */
  static async open(
    db: CloudDatabase,
    usage: UsageLedger,
    limits: SessionLimits,
    instances: SessionHost,
    onStoreError: (error: unknown) => void = () => undefined,
  ): Promise<SessionRegistry> {
    const registry = new SessionRegistry(db, usage, limits, instances, onStoreError);
    await instances.endOrphans();
    return registry;
  }

  /** Whether this instance runs the session's browser. */
  runsHere(id: string): boolean {
    return this.running.has(id);
  }

  /** Where the store says a project's session runs, and its state; undefined for unknown ids. */
  locate(projectId: string, id: string) {
    return this.store.locate(projectId, id);
  }

  /** Launches a session for the project of a key; the session ends if that key is revoked. */
  async create(holder: KeyHolder, request: SessionRequest): Promise<SessionState> {
    if (this.closed) throw new ServiceError(503, "rate_limited", "The server is shutting down.");
    const region = request.region ?? this.limits.region;
    if (region !== this.limits.region)
      throw serviceError(
        "invalid_request",
        `This server serves region "${this.limits.region}" only, not "${region}". Leave region out or send "${this.limits.region}".`,
      );
    if (this.total >= this.limits.maxTotal)
      throw serviceError(
        "rate_limited",
        `This server is running ${this.total} sessions, the most it runs at once for all projects together. Retry in a while, when others have ended.`,
      );
    this.total++;
    const id = `ses_${randomUUID()}`;
    const createdAt = new Date().toISOString();
    this.launching.add(id);
    try {
      const full = await this.store.reserve(
        holder,
        { id, region, createdAt, status: "RUNNING" },
        request.blockAds,
        { instanceId: this.instances.id, maxPerProject: this.limits.maxPerProject },
      );
      if (full !== undefined)
        throw serviceError(
          "rate_limited",
          `This project already has ${full} sessions running, the most allowed at once. End one (DELETE /v1/sessions/:id) and retry.`,
        );
      const session = await this.launch(holder, id, region, createdAt, request.blockAds);
      return session.state();
    } catch (error) {
      this.total--;
      throw error;
    } finally {
      this.launching.delete(id);
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
    if (state.status === "RUNNING") throw notHere(id);
    throw endedError(state);
  }

  /** Ends a project's session; ending an ended one answers its state again. */
  async end(projectId: string, id: string): Promise<SessionState> {
    const session = this.running.get(id);
    if (session && session.projectId === projectId) {
      await session.end("closed");
      return session.state();
    }
    const state = await this.state(projectId, id);
    if (state.status === "RUNNING") throw notHere(id);
    return state;
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
    await this.endAll();
  }

  /**
   * Ends every running session with `server_shutdown` but goes on serving: another instance found this
   * one dead and recorded them so; their browsers must not outlive their records.
   */
  async endAll(): Promise<void> {
    await Promise.all([...this.running.values()].map((session) => session.end("server_shutdown")));
  }

  /**
   * Brings the store in line with this instance (on each heartbeat): ends the store could not record
   * are written now, and a session the store has RUNNING here that runs here no more (nor is launching)
   * is recorded as ended by the shutdown, so it stops counting against its project's limit.
   */
  async reconcile(): Promise<void> {
    for (const [id, { endedAt, reason }] of this.unrecorded) {
      await this.store.end(id, endedAt, reason);
      this.unrecorded.delete(id);
    }
    const now = new Date().toISOString();
    for (const id of await this.store.runningOn(this.instances.id))
      if (!this.running.has(id) && !this.launching.has(id)) await this.store.end(id, now, "server_shutdown");
  }

  private async launch(
    holder: KeyHolder,
    id: string,
    region: string,
    createdAt: string,
    blockAds: boolean,
  ): Promise<HostedSession> {
    let browser: Awaited<ReturnType<typeof launchSessionBrowser>>;
    try {
      browser = await launchSessionBrowser({
        browser: this.limits.browser,
        policy: this.limits.policy,
        blockAds,
      });
    } catch (error) {
      // The reservation is not a session anyone saw: it goes, and stops counting against the limit.
      await this.store.remove(id).catch(this.onStoreError);
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
    this.total--;
    const endedAt = session.state().endedAt ?? new Date().toISOString();
    try {
      await this.store.end(session.id, endedAt, reason);
    } catch (error) {
      // The browser is gone either way; the next heartbeat's reconcile records it.
      this.unrecorded.set(session.id, { endedAt, reason });
      this.onStoreError(error);
    } finally {
      // Only now: until its end is recorded (or queued), reconcile must not take it for a lost one.
      this.running.delete(session.id);
    }
    this.usage.record(session.projectId, "session", {
      outcome: reason === "browser_crashed" ? reason : "ok",
      units: Math.round(seconds * 1000) / 1000,
    });
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

/**
 * A session the store has RUNNING on another instance, reached here by a request that another instance
 * already forwarded (or while it is still launching): it is not forwarded again, so forwarding never loops.
 */
function notHere(id: string): ServiceError {
  return new ServiceError(
    503,
    "target_unreachable",
    `Session "${id}" runs on another Loupe instance, and this request was already forwarded once (x-loupe-forwarded-by), so it is not forwarded again. Send it to the service's public address.`,
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
