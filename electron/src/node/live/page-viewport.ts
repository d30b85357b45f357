import { LIVE_WAIT_MS, readWithin } from "../page-read-bound.js";
import type { StudioPage } from "../page-tabs.js";
import type { StudioContext } from "../studio-context.js";

/** A viewport in CSS pixels. */
export interface ViewportSize {
  width: number;
  height: number;
}

/**
 * The one viewport size every tab of the Studio is shown at, set by the live view to its pane's size.
 * It is applied through the client's CDP sessions of each tab (device metrics emulation), so the
 * frame the screencast sends is exactly what the pane shows; a tab opened later gets it as it opens,
 * not whatever its new window happened to be.
 */
export class PageViewport {
  private size: ViewportSize | undefined;

  constructor(private readonly context: Pick<StudioContext, "sessionsFor">) {}

  /**
   * Sets the size and applies it to `pages` (the others get it through `apply` when they open). Fails
   * only when `shown` (the tab in the live view) did not take it: a background tab stuck in a script
   * keeps its old size, and must not make every resize of the pane an error.
   */
  async set(size: ViewportSize, pages: StudioPage[], shown?: StudioPage): Promise<void> {
    this.size = { width: size.width, height: size.height };
    const applied = await Promise.allSettled(pages.map((page) => this.apply(page)));
    const failed = applied[pages.findIndex((page) => page === shown)];
    if (failed?.status === "rejected") throw failed.reason;
  }

  /** Gives a tab the current size, if one was set; a tab that closed meanwhile is no failure. */
  async apply(page: StudioPage): Promise<void> {
    if (!this.size || page.isClosed()) return;
    try {
      await readWithin(
        (async () => {
          const { root } = await this.context.sessionsFor(page);
          // Read after the wait: a newer size set meanwhile must not be overwritten by this older call's.
          const size = this.size;
          if (!size) return;
          await root.send("Emulation.setDeviceMetricsOverride", {
            width: size.width,
            height: size.height,
            // 0 keeps the browser's own device scale factor: only the layout size changes.
            deviceScaleFactor: 0,
            mobile: false,
          });
        })(),
        LIVE_WAIT_MS,
      );
    } catch (error) {
      if (!page.isClosed()) throw error;
    }
  }
}
