import type { PageSessions, Protocol } from "@loupe/core/engine";
import type { StudioEvent } from "../../common/studio-api.js";
import { LIVE_WAIT_MS, readWithin } from "../page-read-bound.js";
import type { StudioPage } from "../page-tabs.js";
import { settledWithin } from "../settled-within.js";
import type { StudioContext } from "../studio-context.js";
import { jpegSize } from "./jpeg-size.js";

/** How the browser encodes frames. */
export interface ScreencastSettings {
  quality: number;
  maxWidth: number;
  maxHeight: number;
}

/** How long a `live.start` keeps the screencast running without being renewed. */
export const LEASE_MS = 15_000;

/** How long changes the page will not repaint for must be quiet before the screencast is restarted. */
const REFRESH_MS = 300;

interface Target {
  page: StudioPage;
  pageId: string;
  sessions: PageSessions;
  off: () => void;
  /** The newest frame sent for this tab, for a window that joins later. */
  last?: StudioEvent<"live.frame">;
}

/**
 * The CDP screencast of the active tab, pushed as `live.frame` events. It follows the active tab, acks
 * every frame (the browser sends the next one only after an ack), and stops when its lease runs out, so
 * a UI that went away without saying so does not keep the browser encoding JPEGs.
 */
export class Screencast {
  private settings: ScreencastSettings | undefined;
  private target: Target | undefined;
  private lease: ReturnType<typeof setTimeout> | undefined;
  private frame = 0;
  /** Switches run one after another, so two quick tab changes cannot leave two screencasts running. */
  private queue: Promise<unknown> = Promise.resolve();
  private refresh: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly context: StudioContext) {}

  /**
   * Starts or renews the screencast on the active tab; new settings restart it. With `withFrame`, the
   * answer carries the newest frame already sent, if any.
   */
  async start(
    settings: ScreencastSettings,
    withFrame = false,
  ): Promise<{ pageId: string; leaseMs: number; frame?: StudioEvent<"live.frame"> }> {
    const changed = JSON.stringify(settings) !== JSON.stringify(this.settings);
    this.settings = settings;
    this.renewLease();
    await this.follow(changed);
    const target = this.target;
    if (!target) throw new Error("The screencast could not start.");
    const frame = withFrame ? target.last : undefined;
    return { pageId: target.pageId, leaseMs: LEASE_MS, ...(frame ? { frame } : {}) };
  }

  /** Stops the screencast; answers whether one was running. */
  stop(reason: string): Promise<boolean> {
    const wasRunning = this.settings !== undefined;
    this.settings = undefined;
    if (this.lease) clearTimeout(this.lease);
    this.lease = undefined;
    if (this.refresh) clearTimeout(this.refresh);
    this.refresh = undefined;
    return this.enqueue(async () => {
      const pageId = this.target?.pageId;
      await this.detach();
      if (wasRunning) this.context.emit("live.stopped", { ...(pageId ? { pageId } : {}), reason });
      return wasRunning;
    });
  }

  /**
   * Makes sure a frame of the page as it is now follows a change that nothing else will repaint (a
   * highlight drawn or hidden on a still page). The browser drops frames while two are unacknowledged
   * and never sends them again, so on a loaded machine the last change could stay unseen; a restart
   * sends the current picture. Changes in quick succession (a hover) restart it once, when they stop.
   */
  refreshSoon(): void {
    if (!this.settings) return;
    if (this.refresh) clearTimeout(this.refresh);
    this.refresh = setTimeout(() => {
      this.refresh = undefined;
      void this.follow(true).catch(() => {});
    }, REFRESH_MS);
    this.refresh.unref?.();
  }

  /** Moves the screencast to the active tab if it is elsewhere (or restarts it with `force`). */
  follow(force = false): Promise<void> {
    return this.enqueue(async () => {
      if (!this.settings) return;
      let page: StudioPage;
      try {
        page = this.context.tabs.active();
      } catch {
        await this.detach();
        return;
      }
      if (!force && this.target?.page === page) return;
      await this.detach();
      await this.attach(page, this.settings);
    });
  }

  private async attach(page: StudioPage, settings: ScreencastSettings): Promise<void> {
    const pageId = this.context.tabs.track(page);
    // Bounded, as every call below: the switches queue, and a tab stuck in a script must not hold the
    // next tab's live view.
    const sessions = await readWithin(this.context.sessionsFor(page), LIVE_WAIT_MS);
    const root = sessions.root;
    const off = sessions.on("Page.screencastFrame", (params, session) => {
      if (session === root) this.onFrame(target, params);
    });
    const target: Target = { page, pageId, sessions, off };
    this.target = target;
    // Keys reach the focused element only if the page believes it has focus, which a background
    // automation tab does not; and a tab that is not in front may not paint at all.
    await readWithin(
      (async () => {
        await root.send("Emulation.setFocusEmulationEnabled", { enabled: true }).catch(() => {});
        await root.send("Page.bringToFront").catch(() => {});
        const start = () =>
          root.send("Page.startScreencast", { format: "jpeg", everyNthFrame: 1, ...settings });
        // A screencast moved away from this tab, or started, while it was too busy to answer may run
        // still (its stop or start was answered late): a second start fails. Restart it as asked.
        await start().catch(async (error: unknown) => {
          if (!/already active/i.test(String(error))) throw error;
          await root.send("Page.stopScreencast");
          await start();
        });
      })(),
      LIVE_WAIT_MS,
    );
  }

  private async detach(): Promise<void> {
    const target = this.target;
    this.target = undefined;
    if (!target) return;
    target.off();
    await settledWithin(target.sessions.root.send("Page.stopScreencast"), LIVE_WAIT_MS);
  }

  private onFrame(target: Target, event: Protocol.Page.ScreencastFrameEvent): void {
    void target.sessions.root.send("Page.screencastFrameAck", { sessionId: event.sessionId }).catch(() => {});
    if (this.target !== target) return;
    // The size sits in the first few hundred bytes; decode only the head unless it is not there.
    const size =
      jpegSize(Buffer.from(event.data.slice(0, 8192), "base64")) ??
      jpegSize(Buffer.from(event.data, "base64"));
    if (!size) return;
    const { metadata } = event;
    const frame: StudioEvent<"live.frame"> = {
      pageId: target.pageId,
      frame: ++this.frame,
      data: event.data,
      ...size,
      metadata: {
        offsetTop: metadata.offsetTop,
        pageScaleFactor: metadata.pageScaleFactor,
        deviceWidth: metadata.deviceWidth,
        deviceHeight: metadata.deviceHeight,
        scrollOffsetX: metadata.scrollOffsetX,
        scrollOffsetY: metadata.scrollOffsetY,
        ...(metadata.timestamp !== undefined ? { timestamp: metadata.timestamp } : {}),
      },
      receivedAt: Date.now(),
    };
    target.last = frame;
    this.context.emit("live.frame", frame);
  }

  private renewLease(): void {
    if (this.lease) clearTimeout(this.lease);
    this.lease = setTimeout(() => void this.stop("nobody renewed the live view").catch(() => {}), LEASE_MS);
    this.lease.unref?.();
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }
}
