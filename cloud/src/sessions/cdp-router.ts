import type {
  CdpEvent,
  CdpEventParams,
  CdpMethod,
  CdpParamsArgs,
  CdpResult,
  CdpTransport,
  Protocol,
} from "@loupe/core/engine";
import type { CdpCommand } from "./cdp-client-command.js";

/** What the router and the command policy read of a target, as `Target.*` describes it. */
export type TargetInfo = Pick<Protocol.Target.TargetInfo, "targetId" | "type" | "url">;

/** What the router may ask of the session it serves. */
export interface CdpRouterOptions {
  /** Whether a client may attach to a target (by `Target.attachToTarget` or by auto-attach). */
  admitsTarget(target: TargetInfo): boolean;
}

/** An error answer, as the protocol writes it. */
export interface CdpError {
  code: number;
  message: string;
}

/** The protocol's answer for a session id the client does not hold. */
const NO_SUCH_SESSION: CdpError = { code: -32001, message: "Session with given id not found." };

/** The commands whose answer hands the client a new session. */
const ATTACHING: ReadonlySet<string> = new Set<CdpMethod>([
  "Target.attachToTarget",
  "Target.attachToBrowserTarget",
]);

type Waiting =
  | { kind: "own"; resolve: (result: unknown) => void; reject: (error: Error) => void }
  | {
      kind: "client";
      client: RouterClient;
      command: CdpCommand;
      beforeAnswer: ((result: unknown) => Promise<void>) | undefined;
    };

/**
 * A message from the browser: the answer to a command (with `id`) or an event (with `method`). The
 * browser speaks the protocol core pins (`devtools-protocol`), so a message is read by those types once
 * its kind is known; until then nothing of it is assumed.
 */
interface BrowserMessage {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
  sessionId?: string;
}

/** Whether a browser message is the event `method`, with the params the protocol gives it. */
function isEvent<E extends CdpEvent>(
  message: BrowserMessage,
  method: E,
): message is BrowserMessage & { method: E; params: CdpEventParams<E> } {
  return message.method === method && typeof message.params === "object" && message.params !== null;
}

/**
 * Shares one browser DevTools connection (the browser's pipe) between several clients as if each had a
 * connection of its own: each client gets its own browser-level DevTools session
 * (`Target.attachToBrowserTarget`), so its auto-attach, discovery and domain state are its own, exactly
 * as with separate websockets. Command ids are renumbered on the way in and restored on the way out; a
 * client may only address the sessions attached through it, and only hears their events.
 */
export class CdpRouter {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  /** Each client's browser-level session id. */
  private readonly roots = new Map<string, RouterClient>();
  /** Every other session a client attached (targets, nested targets, extra browser sessions). */
  private readonly owners = new Map<string, RouterClient>();
  private readonly targets = new Map<string, TargetInfo>();
  private ownSession = "";
  private closedReason: Error | undefined;

  private constructor(
    private readonly browser: CdpTransport,
    private readonly options: CdpRouterOptions,
  ) {
    browser.onmessage = (text) => this.receive(text);
    browser.onclose = (reason) => this.shut(reason);
  }

  /** Starts routing over `browser`, with a session of its own that follows the browser's targets. */
  static async start(browser: CdpTransport, options: CdpRouterOptions): Promise<CdpRouter> {
    const router = new CdpRouter(browser, options);
    const { sessionId } = await router.call("Target.attachToBrowserTarget");
    router.ownSession = sessionId;
    await router.command("Target.setDiscoverTargets", { discover: true });
    return router;
  }

  /** A new client with its own browser-level DevTools session. */
  async connect(): Promise<RouterClient> {
    const { sessionId } = await this.call("Target.attachToBrowserTarget");
    const client = new RouterClient(this, sessionId);
    this.roots.set(client.rootSession, client);
    return client;
  }

  /** Closes the browser's connection; every client ends. */
  close(): void {
    this.browser.close();
    this.shut(new Error("The browser's DevTools connection was closed."));
  }

  /** What the browser last said about a target, if it exists. */
  targetInfo(targetId: string): TargetInfo | undefined {
    return this.targets.get(targetId);
  }

  /** Sends a command on the router's own session (never a client's), for setup the session needs. */
  command<M extends CdpMethod>(method: M, ...params: CdpParamsArgs<M>): Promise<CdpResult<M>> {
    return this.callOn(this.ownSession, method, ...params);
  }

  /** @internal A client's command, already checked: sent on the client's behalf. */
  forward(
    client: RouterClient,
    command: CdpCommand,
    beforeAnswer?: (result: unknown) => Promise<void>,
  ): void {
    if (this.closedReason) return;
    if (command.sessionId !== undefined && this.owners.get(command.sessionId) !== client) {
      client.answer(command, { error: NO_SUCH_SESSION });
      return;
    }
    const id = this.nextId++;
    this.waiting.set(id, { kind: "client", client, command, beforeAnswer });
    this.browser.send(
      JSON.stringify({
        id,
        method: command.method,
        params: command.params ?? {},
        sessionId: command.sessionId ?? client.rootSession,
      }),
    );
  }

  /** @internal Forgets a client and detaches its browser session, which detaches every session under it. */
  release(client: RouterClient): void {
    if (this.roots.get(client.rootSession) !== client) return;
    this.roots.delete(client.rootSession);
    for (const [sessionId, owner] of this.owners) if (owner === client) this.owners.delete(sessionId);
    // Commands in flight on a detached session may never be answered: nobody waits for them any more.
    for (const [id, waiting] of this.waiting)
      if (waiting.kind === "client" && waiting.client === client) this.waiting.delete(id);
    this.call("Target.detachFromTarget", { sessionId: client.rootSession }).catch(() => {});
  }

  /** A command of the router's own on the browser's root session. */
  private call<M extends CdpMethod>(method: M, ...params: CdpParamsArgs<M>): Promise<CdpResult<M>> {
    return this.callOn(undefined, method, ...params);
  }

  /** A command of the router's own, on `sessionId` (the root session when undefined). */
  private callOn<M extends CdpMethod>(
    sessionId: string | undefined,
    method: M,
    ...params: CdpParamsArgs<M>
  ): Promise<CdpResult<M>> {
    if (this.closedReason) return Promise.reject(this.closedReason);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // The browser answers the command it was sent, in the protocol's terms.
      this.waiting.set(id, { kind: "own", resolve: (result) => resolve(result as CdpResult<M>), reject });
      this.browser.send(
        JSON.stringify({ id, method, params: params[0] ?? {}, ...(sessionId ? { sessionId } : {}) }),
      );
    });
  }

  private receive(text: string): void {
    let message: BrowserMessage;
    try {
      message = JSON.parse(text) as BrowserMessage;
    } catch {
      return;
    }
    if (typeof message.id === "number") this.answer(message.id, message, text);
    else if (typeof message.method === "string") this.event(message, text);
  }

  private answer(id: number, message: BrowserMessage, text: string): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    if (waiting.kind === "own") {
      if (message.error) waiting.reject(new Error(`CDP error: ${JSON.stringify(message.error)}`));
      else waiting.resolve(message.result ?? {});
      return;
    }
    const { client, command, beforeAnswer } = waiting;
    if (client.released) return;
    const attached = message.error ? undefined : attachedSession(command, message.result);
    if (attached !== undefined) {
      if (client.refused.has(attached)) {
        client.answer(command, {
          error: { code: -32000, message: "Hosted sessions cannot attach to this target." },
        });
        return;
      }
      this.owners.set(attached, client);
    }
    const deliver = () =>
      client.deliver(
        relabel(text, message, command.id, command.sessionId === undefined ? client.rootSession : undefined),
      );
    if (beforeAnswer && !message.error) beforeAnswer(message.result ?? {}).then(deliver, deliver);
    else deliver();
  }

  private event(message: BrowserMessage, text: string): void {
    const sessionId = message.sessionId;
    if (sessionId === undefined) {
      // The root connection hears about the browser sessions it opened: one gone ends its client.
      if (isEvent(message, "Target.detachedFromTarget"))
        this.roots.get(message.params.sessionId)?.end(new Error("The browser ended this DevTools session."));
      return;
    }
    if (sessionId === this.ownSession) {
      this.follow(message);
      return;
    }
    const root = this.roots.get(sessionId);
    const client = root ?? this.owners.get(sessionId);
    if (!client) return;
    if (isEvent(message, "Target.attachedToTarget")) {
      const { sessionId: child, targetInfo } = message.params;
      if (!targetInfo || !this.options.admitsTarget(targetInfo)) {
        client.refused.add(child);
        this.callOn(sessionId, "Target.detachFromTarget", { sessionId: child }).catch(() => {});
        return;
      }
      this.owners.set(child, client);
    } else if (isEvent(message, "Target.detachedFromTarget")) {
      const child = message.params.sessionId;
      if (this.owners.get(child) === client) this.owners.delete(child);
      client.refused.delete(child);
    }
    client.deliver(root ? relabel(text, message, undefined, sessionId) : text);
  }

  /** The router's own discovery: which targets exist, with their type and URL. */
  private follow(message: BrowserMessage): void {
    if (isEvent(message, "Target.targetCreated") || isEvent(message, "Target.targetInfoChanged")) {
      const info = message.params.targetInfo;
      if (info) this.targets.set(info.targetId, info);
    } else if (isEvent(message, "Target.targetDestroyed")) {
      this.targets.delete(message.params.targetId);
    }
  }

  private shut(reason: Error): void {
    if (this.closedReason) return;
    this.closedReason = reason;
    for (const waiting of this.waiting.values()) if (waiting.kind === "own") waiting.reject(reason);
    this.waiting.clear();
    for (const client of [...this.roots.values()]) client.end(reason);
  }
}

/**
 * One client of a shared browser. It is a `CdpTransport`, so Loupe's own engine connects through it like
 * through a websocket; the CDP proxy instead checks each command and calls `command()` or `answer()`.
 */
export class RouterClient implements CdpTransport {
  onmessage?: (message: string) => void;
  onclose?: (reason: Error) => void;
  /** Sessions the router detached from this client as not admitted; their late answers become errors. */
  readonly refused = new Set<string>();
  released = false;

  constructor(
    private readonly router: CdpRouter,
    /** The client's own browser-level session, hidden from it (it sees browser-level messages bare). */
    readonly rootSession: string,
  ) {}

  /** A message from a trusted client (the engine's own CdpConnection): sent as it is, unchecked. */
  send(text: string): void {
    const command = JSON.parse(text) as CdpCommand;
    this.command(command);
  }

  /**
   * Sends a checked command; `beforeAnswer` runs on its result (the browser's answer to `command.method`)
   * before the client hears the answer.
   */
  command(command: CdpCommand, beforeAnswer?: (result: unknown) => Promise<void>): void {
    if (!this.released) this.router.forward(this, command, beforeAnswer);
  }

  /** Answers a command without the browser (a refusal, or a result the proxy gives itself). */
  answer(command: CdpCommand, answer: { result: object } | { error: CdpError }): void {
    this.deliver(
      JSON.stringify({
        id: command.id,
        ...answer,
        ...(command.sessionId !== undefined ? { sessionId: command.sessionId } : {}),
      }),
    );
  }

  /** @internal */
  deliver(text: string): void {
    if (!this.released) this.onmessage?.(text);
  }

  close(): void {
    this.end(new Error("The DevTools connection was closed."));
  }

  /** @internal Ends the client: its sessions are detached and it hears nothing more. */
  end(reason: Error): void {
    if (this.released) return;
    this.router.release(this);
    this.released = true;
    this.onclose?.(reason);
  }
}

/** The session a client's `Target.attachTo…` command opened, read from the browser's answer to it. */
function attachedSession(command: CdpCommand, result: unknown): string | undefined {
  if (!ATTACHING.has(command.method)) return undefined;
  const { sessionId } = (result ?? {}) as Partial<CdpResult<"Target.attachToTarget">>;
  return typeof sessionId === "string" ? sessionId : undefined;
}

/**
 * The browser's message as the client must see it: with the client's own command id, and without the
 * client's hidden browser session id. Chromium writes `id` first and `sessionId` last, so both are
 * changed on the text itself (a screenshot's answer is megabytes: no second JSON.stringify); a message
 * in any other shape is rebuilt from its parsed form.
 */
function relabel(
  text: string,
  message: BrowserMessage,
  clientId: number | undefined,
  hiddenSession: string | undefined,
): string {
  let out = text;
  if (clientId !== undefined) {
    const prefix = `{"id":${message.id},`;
    if (!out.startsWith(prefix)) return rebuild(message, clientId, hiddenSession);
    out = `{"id":${clientId},${out.slice(prefix.length)}`;
  }
  if (hiddenSession !== undefined && message.sessionId === hiddenSession) {
    const suffix = `,"sessionId":"${hiddenSession}"}`;
    if (!out.endsWith(suffix)) return rebuild(message, clientId, hiddenSession);
    out = `${out.slice(0, -suffix.length)}}`;
  }
  return out;
}

function rebuild(message: BrowserMessage, clientId: number | undefined, hidden: string | undefined): string {
  const { sessionId, ...rest } = message;
  return JSON.stringify({
    ...rest,
    ...(clientId !== undefined ? { id: clientId } : {}),
    ...(sessionId !== undefined && sessionId !== hidden ? { sessionId } : {}),
  });
}
