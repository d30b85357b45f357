import type { PageSessions, TargetSession } from "../cdp/page-sessions.js";

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

/** Watches one page's network requests over all its sessions, counting what is in flight. */
class NetworkActivity {
  private readonly inFlight = new Map<string, number>();
  private lastChange = performance.now();
  private readonly enabled = new Set<string>();

  constructor(private readonly sessions: PageSessions) {
    sessions.on("Network.requestWillBeSent", (params, session) => {
      if (LONG_LIVED.has(String(params["type"]))) return;
      this.inFlight.set(`${session.id}:${String(params["requestId"])}`, performance.now());
      this.lastChange = performance.now();
    });
    const done = (params: Record<string, unknown>, session: TargetSession) => {
      if (this.inFlight.delete(`${session.id}:${String(params["requestId"])}`))
        this.lastChange = performance.now();
    };
    sessions.on("Network.loadingFinished", done);
    sessions.on("Network.loadingFailed", done);
  }

  /** Turns request tracking on for every session of the page not yet tracked. */
  async track(): Promise<void> {
    const fresh = this.sessions.all().filter((s) => !this.enabled.has(s.id));
    for (const session of fresh) this.enabled.add(session.id);
    await Promise.all(
      fresh.map((session) =>
        session.send("Network.enable", { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }).catch(() => {}),
      ),
    );
  }

  /** Whether a request is in flight, less the long-lived and the stale. */
  busy(now: number): boolean {
    for (const started of this.inFlight.values()) if (now - started < STALE_REQUEST_MS) return true;
    return false;
  }

  quietFor(now: number): number {
    return now - this.lastChange;
  }
}

const activities = new WeakMap<PageSessions, NetworkActivity>();

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
 */
export async function waitForSettled(sessions: PageSessions, options: SettleOptions): Promise<void> {
  let activity = activities.get(sessions);
  if (!activity) activities.set(sessions, (activity = new NetworkActivity(sessions)));
  const deadline = performance.now() + options.timeoutMs;
  await activity.track();
  const domQuiet = sessions.root
    .send("Runtime.evaluate", {
      expression: `(${DOM_QUIET})(${options.quietMs}, ${options.timeoutMs})`,
      awaitPromise: true,
      returnByValue: true,
    })
    .catch(() => {});
  while (performance.now() < deadline) {
    const now = performance.now();
    if (!activity.busy(now) && activity.quietFor(now) >= options.quietMs) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await Promise.race([
    domQuiet,
    new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now()))),
  ]);
}
