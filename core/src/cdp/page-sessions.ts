import { ClientError } from "../errors.js";
import type { CdpConnection } from "./cdp-connection.js";
import type {
  CdpEvent,
  CdpEventParams,
  CdpMethod,
  CdpParamsArgs,
  CdpResult,
  Protocol,
} from "./cdp-protocol.js";

/** A CDP session bound to one target: the page itself, or one out-of-process iframe of it. */
export interface TargetSession {
  /** The flat-mode session id on Loupe's connection. */
  readonly id: string;
  /** The target id; for an out-of-process iframe it is also the frame id. */
  readonly targetId: string;
  /** The session of the target that contains this one's frame owner; undefined for the page. */
  readonly parent: TargetSession | undefined;
  send<M extends CdpMethod>(method: M, ...params: CdpParamsArgs<M>): Promise<CdpResult<M>>;
}

/**
 * The sessions Loupe holds for one page: the page target and, through auto-attach, every out-of-process
 * iframe at any depth. Chromium announces new OOPIFs as they appear, so the set is always current when a
 * snapshot starts. Also owns the page's frame ordinals, which make element ids stable across snapshots,
 * and whatever else Loupe keeps per page (`slot`), so all of it lives and goes with the page's sessions.
 */
export class PageSessions {
  private readonly sessions = new Map<string, TargetSession>();
  private readonly ordinals = new Map<string, number>();
  private readonly unsubscribe = new Set<() => void>();
  /** The page's state of the kinds other folders keep per page, by slot. */
  private readonly slots = new Map<PageSlot<unknown>, unknown>();
  private detached = false;

  private constructor(
    private readonly connection: CdpConnection,
    readonly root: TargetSession,
  ) {}

  /** Attaches to the page target `targetId` and to its out-of-process iframes. */
  static async attach(connection: CdpConnection, targetId: string): Promise<PageSessions> {
    const { sessionId } = await connection.send("Target.attachToTarget", {
      targetId,
      flatten: true,
    });
    const root = makeSession(connection, sessionId, targetId, undefined);
    const sessions = new PageSessions(connection, root);
    sessions.sessions.set(sessionId, root);
    sessions.unsubscribe.add(
      connection.on("Target.attachedToTarget", (params, parentSessionId) =>
        sessions.onAttached(params, parentSessionId),
      ),
    );
    sessions.unsubscribe.add(
      connection.on("Target.detachedFromTarget", (params) => {
        sessions.sessions.delete(params.sessionId);
      }),
    );
    await sessions.follow(root);
    return sessions;
  }

  /**
   * Listens to an event from any of the page's sessions (not other pages'), until the returned function
   * is called or the sessions are detached.
   */
  on<E extends CdpEvent>(
    method: E,
    handler: (params: CdpEventParams<E>, session: TargetSession) => void,
  ): () => void {
    const off = this.connection.on(method, (params, sessionId) => {
      const session = sessionId ? this.sessions.get(sessionId) : undefined;
      if (session) handler(params, session);
    });
    const unsubscribe = () => {
      off();
      this.unsubscribe.delete(unsubscribe);
    };
    this.unsubscribe.add(unsubscribe);
    return unsubscribe;
  }

  /** Every session of the page: the page first, then its out-of-process iframes. */
  all(): TargetSession[] {
    return [...this.sessions.values()];
  }

  /** The ordinal of a frame within this page: 0 for the main frame, then in order of first sight. */
  ordinalOf(frameId: string): number {
    let ordinal = this.ordinals.get(frameId);
    if (ordinal === undefined) {
      ordinal = frameId === this.root.targetId ? 0 : Math.max(0, ...this.ordinals.values()) + 1;
      this.ordinals.set(frameId, ordinal);
    }
    return ordinal;
  }

  /**
   * The page's state for `slot`: made on first use, then the same value for as long as these sessions
   * exist (a page attached again gets new sessions, and new state).
   */
  slot<T>(slot: PageSlot<T>): T {
    if (this.slots.has(slot)) return this.slots.get(slot) as T;
    const state = slot.create(this);
    this.slots.set(slot, state);
    return state;
  }

  /** Detaches every session; the page itself stays open. */
  async detach(): Promise<void> {
    if (this.detached) return;
    this.detached = true;
    for (const off of [...this.unsubscribe]) off();
    this.unsubscribe.clear();
    await this.connection.send("Target.detachFromTarget", { sessionId: this.root.id }).catch(() => {});
  }

  private onAttached(
    event: Protocol.Target.AttachedToTargetEvent,
    parentSessionId: string | undefined,
  ): void {
    const parent = parentSessionId ? this.sessions.get(parentSessionId) : undefined;
    if (!parent || this.detached) return;
    if (event.targetInfo.type !== "iframe") {
      // Workers and the like carry no part of the page's tree; let them go.
      void this.connection
        .sendTo(parent.id, "Target.detachFromTarget", { sessionId: event.sessionId })
        .catch(() => {});
      return;
    }
    const session = makeSession(this.connection, event.sessionId, event.targetInfo.targetId, parent);
    this.sessions.set(session.id, session);
    void this.follow(session).catch(() => {});
  }

  /**
   * Attaches to the session's own out-of-process frames, and asks to hear of its renderer crashing (the
   * connection then fails the session's commands instead of leaving them unanswered).
   */
  private async follow(session: TargetSession): Promise<void> {
    await Promise.all([
      session.send("Target.setAutoAttach", {
        autoAttach: true,
        waitForDebuggerOnStart: false,
        flatten: true,
      }),
      session.send("Inspector.enable"),
    ]);
  }
}

function makeSession(
  connection: CdpConnection,
  id: string,
  targetId: string,
  parent: TargetSession | undefined,
): TargetSession {
  return {
    id,
    targetId,
    parent,
    send: (method, ...params) => connection.sendTo(id, method, ...params),
  };
}

/** Thrown when a page object passed in cannot be tied to a browser target. */
export function unknownPageError(detail: string): ClientError {
  return new ClientError(
    `The page passed as \`page\` cannot be read: ${detail}. Pass a Playwright, Puppeteer or Patchright page ` +
      `connected to this client's browser (see client.connectURL()).`,
  );
}

/**
 * One kind of state Loupe keeps for each page — the snapshot's change watch, act's count of requests in
 * flight — made from the page's sessions on first use and held by them (`PageSessions.slot`). The state
 * then lives exactly as long as the page's sessions, every kind of it hangs off the one registry, and
 * cdp/ needs to know nothing of what it is: the module that owns a kind declares its slot once, and the
 * slot object itself is the key.
 */
export class PageSlot<T> {
  constructor(
    /** Makes the state for one page; called once per page, on first use. */
    readonly create: (sessions: PageSessions) => T,
  ) {}
}
