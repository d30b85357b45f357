import { PageSlot, type PageSessions, type TargetSession } from "../cdp/page-sessions.js";

/** How long the page must stay quiet, and the most a wait may take. */
export interface SettleOptions {
  /** The longest wait in milliseconds; the page is read then even if it is still busy. */
  timeoutMs: number;
  /** How long network and DOM must stay quiet to count as settled. */
  quietMs: number;
}

/** Requests that stay open by design; waiting for them would always run to the timeout. */
const LONG_LIVED = new Set(["WebSocket", "EventSource"]);
/** A request open this long is treated as a long poll or a stream, not as the page still loading. */
const STALE_REQUEST_MS = 2_000;

interface OpenRequest {
  started: number;
  /** The session that announced it. */
  sessionId: string;
  frameId: string;
  isDocument: boolean;
}

/** Watches one page's network requests over all its sessions, counting what is in flight. */
class NetworkActivity {
  private readonly inFlight = new Map<string, OpenRequest>();
  private lastChange = performance.now();
  private readonly enabled = new Set<string>();

  constructor(private readonly sessions: PageSessions) {
    sessions.on("Network.requestWillBeSent", (params, session) => {
      if (params.type && LONG_LIVED.has(params.type)) return;
      this.inFlight.set(`${session.id}:${params.requestId}`, {
        started: performance.now(),
        sessionId: session.id,
        frameId: params.frameId ?? "",
        isDocument: params.type === "Document",
      });
      this.lastChange = performance.now();
    });
    const done = (params: { requestId: string }, session: TargetSession) => {
      if (this.inFlight.delete(`${session.id}:${params.requestId}`)) this.lastChange = performance.now();
    };
    sessions.on("Network.loadingFinished", done);
    sessions.on("Network.loadingFailed", done);
  }

  /** Turns request tracking on for every session of the page not yet tracked. */
  async track(): Promise<void> {
    const fresh = this.sessions.all().filter((s) => !this.enabled.has(s.id));
    if (!fresh.length) return;
    for (const session of fresh) this.enabled.add(session.id);
    await Promise.all(
      fresh.map((session) =>
        session.send("Network.enable", { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }).catch(() => {}),
      ),
    );
  }

  /**
   * Whether a request is in flight, less the long-lived and the stale. The document request of an
   * out-of-process iframe is announced by the parent's session but finishes in the frame's own target,
   * which the parent never hears of: once that target is attached, the request no longer counts here.
   */
  busy(now: number): boolean {
    let busy = false;
    for (const [key, request] of this.inFlight) {
      if (now - request.started >= STALE_REQUEST_MS || this.movedToOwnTarget(request))
        this.inFlight.delete(key);
      else busy = true;
    }
    return busy;
  }

  private movedToOwnTarget(request: OpenRequest): boolean {
    return (
      request.isDocument &&
      this.sessions.all().some((s) => s.targetId === request.frameId && s.id !== request.sessionId)
    );
  }

  quietFor(now: number): number {
    return now - this.lastChange;
  }
}

/** Each page's request count, kept on its sessions from the first watch or wait on. */
const NETWORK = new PageSlot((sessions) => new NetworkActivity(sessions));

/**
 * Starts watching a page's requests now, so that a later `act` knows of requests already in flight when
 * it starts (a page that fetches its data after the load event). The client calls it for every page it
 * opens.
 */
export async function watchNetwork(sessions: PageSessions): Promise<void> {
  await sessions.slot(NETWORK).track();
}

/** Runs in the page: resolves once the DOM has not changed for `quietMs`, or after `timeoutMs`. */
const DOM_QUIET = `function (quietMs, timeoutMs) {
  return new Promise((resolve) => {
    const start = Date.now();
    let last = start;
    const observer = new MutationObserver(() => { last = Date.now(); });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const check = () => {
      const now = Date.now();
      if ((document.readyState === "complete" && now - last >= quietMs) || now - start >= timeoutMs) {
        observer.disconnect();
        resolve(true);
      } else setTimeout(check, 25);
    };
    check();
  });
}`;

/**
 * Waits until the page is settled — no request in flight and no DOM change for `quietMs` — or until
 * `timeoutMs`, whichever comes first. Never throws: a page that never settles is read as it is.
 *
 * Both must hold at once: a request that starts while the DOM is still being watched (a handler that
 * fetches after a debounce) is waited for too, not only the requests in flight at the start.
 */
export async function waitForSettled(sessions: PageSessions, options: SettleOptions): Promise<void> {
  const activity = sessions.slot(NETWORK);
  const deadline = performance.now() + options.timeoutMs;
  await activity.track();
  let domQuiet = false;
  void sessions.root
    .send("Runtime.evaluate", {
      expression: `(${DOM_QUIET})(${options.quietMs}, ${options.timeoutMs})`,
      awaitPromise: true,
      returnByValue: true,
    })
    .catch(() => {})
    .then(() => (domQuiet = true));
  while (performance.now() < deadline) {
    // Frames that went out of process during the wait bring sessions of their own.
    await activity.track();
    const now = performance.now();
    if (domQuiet && !activity.busy(now) && activity.quietFor(now) >= options.quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
