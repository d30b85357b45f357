import { ClientDomProcessError, ClientError } from "../errors.js";
import type { CdpEvent, CdpEventParams, CdpMethod, CdpParamsArgs, CdpResult } from "./cdp-protocol.js";
import { connectWebSocketTransport, type CdpTransport } from "./cdp-transport.js";

/** A message's JSON as it came off the wire, before its method says what it holds. */
type WireObject = Record<string, unknown>;

interface Pending {
  resolve: (value: WireObject) => void;
  reject: (error: Error) => void;
  method: string;
  /** The session the command went to; undefined for the browser itself. */
  sessionId: string | undefined;
}

/**
 * The code Chromium gives a command sent to a session that no longer exists ("Session with given id not
 * found"), used too for a command whose session went away before its answer came.
 */
const SESSION_GONE_CODE = -32001;

type WireHandler = (params: WireObject, sessionId: string | undefined) => void;

/** The protocol's error for a command, with the method so a log line says which call failed. */
export class CdpCommandError extends ClientError {
  constructor(
    readonly method: string,
    readonly protocolMessage: string,
    readonly code: number,
  ) {
    super(`CDP ${method} failed: ${protocolMessage}`);
  }
}

/**
 * One DevTools connection to a browser (over a websocket, its pipe or a router's client), carrying the
 * browser session and every attached target session in flat mode. Loupe keeps its own connection (beside whatever library drives the page) because
 * flat sessions let it reach out-of-process iframes of a Playwright, Puppeteer or Patchright page alike.
 */
export class CdpConnection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly handlers = new Map<string, Set<WireHandler>>();
  private closedError: Error | undefined;
  private readonly closeListeners = new Set<(error: Error) => void>();
  /** Sessions whose target's renderer crashed and has not been reloaded since. */
  private readonly crashed = new Set<string>();

  private constructor(private readonly transport: CdpTransport) {
    transport.onmessage = (message) => this.onMessage(message);
    transport.onclose = (reason) => this.fail(reason);
  }

  /**
   * Opens a connection to a `ws://…/devtools/browser/…` URL. `headers` go with the upgrade request (a
   * hosted session's proxy wants `Authorization`).
   */
  static async connect(
    url: string,
    options: { timeoutMs?: number; headers?: Record<string, string> } = {},
  ): Promise<CdpConnection> {
    return new CdpConnection(await connectWebSocketTransport(url, options));
  }

  /** A connection over a transport already open (a browser's pipe, a router's client). */
  static over(transport: CdpTransport): CdpConnection {
    return new CdpConnection(transport);
  }

  /** Whether the connection has closed (the browser went away or `close()` was called). */
  get closed(): boolean {
    return this.closedError !== undefined;
  }

  /** Sends a command to the browser itself. */
  send<M extends CdpMethod>(method: M, ...params: CdpParamsArgs<M>): Promise<CdpResult<M>> {
    return this.sendTo(undefined, method, ...params);
  }

  /** Sends a command to an attached target session (`undefined`: to the browser). */
  sendTo<M extends CdpMethod>(
    sessionId: string | undefined,
    method: M,
    ...[params = {}]: CdpParamsArgs<M> | []
  ): Promise<CdpResult<M>> {
    if (this.closedError) return Promise.reject(this.closedError);
    // A crashed renderer answers nothing until its target is loaded again: fail now, not never.
    if (sessionId !== undefined && this.crashed.has(sessionId))
      return Promise.reject(crashedPageError(method));
    const id = this.nextId++;
    const message = JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params });
    return new Promise<CdpResult<M>>((resolve, reject) => {
      // The browser answers in the protocol's terms; the method's type says which.
      this.pending.set(id, { resolve: resolve as (value: WireObject) => void, reject, method, sessionId });
      this.transport.send(message);
    });
  }

  /** Listens to an event, from any session; the handler gets the session id it came from. */
  on<E extends CdpEvent>(
    method: E,
    handler: (params: CdpEventParams<E>, sessionId: string | undefined) => void,
  ): () => void {
    let set = this.handlers.get(method);
    if (!set) this.handlers.set(method, (set = new Set()));
    // The browser sends the event in the protocol's terms; its name says which.
    const wire = handler as unknown as WireHandler;
    set.add(wire);
    return () => set.delete(wire);
  }

  /** Calls `listener` once when the connection closes, with the reason. */
  onClose(listener: (error: Error) => void): () => void {
    if (this.closedError) {
      listener(this.closedError);
      return () => {};
    }
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** Closes the connection; commands in flight fail with a `ClientError`. */
  close(): void {
    this.fail(new ClientError("The DevTools connection was closed."));
    this.transport.close();
  }

  private fail(error: Error): void {
    if (this.closedError) return;
    this.closedError = error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    for (const listener of this.closeListeners) listener(error);
    this.closeListeners.clear();
  }

  /**
   * Fails the commands still waiting on a session that can no longer answer them. Chromium drops them
   * without a word when the session detaches (an out-of-process frame whose page navigated away, a closed
   * tab), and holds them for as long as a crashed renderer is not reloaded — which may be never: a read
   * waiting on one would wait for good. Needs `Inspector.enable` on the session to hear of a crash.
   */
  private trackSession(
    method: string | undefined,
    params: WireObject | undefined,
    from: string | undefined,
  ): void {
    if (method === "Target.detachedFromTarget" && typeof params?.["sessionId"] === "string") {
      const sessionId = params["sessionId"];
      this.crashed.delete(sessionId);
      this.failPending(
        sessionId,
        (command) =>
          new CdpCommandError(command, "its target detached before it answered", SESSION_GONE_CODE),
      );
    } else if (method === "Inspector.targetCrashed" && from !== undefined) {
      this.crashed.add(from);
      this.failPending(from, crashedPageError);
    } else if (method === "Inspector.targetReloadedAfterCrash" && from !== undefined) {
      this.crashed.delete(from);
    }
  }

  private failPending(sessionId: string, error: (method: string) => Error): void {
    for (const [id, pending] of this.pending) {
      if (pending.sessionId !== sessionId) continue;
      this.pending.delete(id);
      pending.reject(error(pending.method));
    }
  }

  private onMessage(text: string): void {
    const message = JSON.parse(text) as {
      id?: number;
      method?: string;
      params?: WireObject;
      result?: WireObject;
      error?: { message: string; code: number };
      sessionId?: string;
    };
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.error)
        pending.reject(new CdpCommandError(pending.method, message.error.message, message.error.code));
      else pending.resolve(message.result ?? {});
      return;
    }
    this.trackSession(message.method, message.params, message.sessionId);
    if (message.method) {
      const set = this.handlers.get(message.method);
      if (set) for (const handler of set) handler(message.params ?? {}, message.sessionId);
    }
  }
}

/**
 * A command to a target whose renderer crashed: not a protocol hiccup to retry (a `CdpCommandError` is
 * read as a page navigating under the read), but the end of that page until it is loaded again — which
 * Playwright's page of that tab refuses ("Page crashed"), so the sentence says to open a new one.
 */
function crashedPageError(method: string): ClientDomProcessError {
  return new ClientDomProcessError(
    `The page crashed while Loupe was reading it (${method}): its renderer process ended, from running out ` +
      `of memory or a browser fault. Open the page again in a new page (Playwright loads nothing more in a ` +
      `crashed one), then retry.`,
  );
}
