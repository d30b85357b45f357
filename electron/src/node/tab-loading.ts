import type { PageTabs, StudioPage } from "./page-tabs.js";
import type { StudioContext } from "./studio-context.js";

/**
 * Follows whether each tab is loading a document, as the browser's own spinner does: the main frame's
 * `Page.frameStartedLoading` and `Page.frameStoppedLoading`. Those cover every navigation — typed, a
 * link clicked in the live view, a script, back and forward, a reload — and end on a stop, a failure,
 * a download or a 204 as well as on the load, where Playwright's page events leave some of those open.
 */
export class TabLoading {
  private readonly watched = new WeakSet<StudioPage>();

  constructor(
    private readonly context: Pick<StudioContext, "sessionsFor">,
    private readonly tabs: Pick<PageTabs, "setLoading">,
  ) {}

  /** Starts following a tab (once per tab); a tab that closes meanwhile is no failure. */
  async watch(page: StudioPage): Promise<void> {
    if (this.watched.has(page) || page.isClosed()) return;
    this.watched.add(page);
    try {
      const sessions = await this.context.sessionsFor(page);
      const root = sessions.root;
      // The main frame keeps its id for the tab's life, across navigations and process swaps.
      const { frameTree } = await root.send("Page.getFrameTree");
      const main = frameTree.frame.id;
      sessions.on("Page.frameStartedLoading", ({ frameId }, session) => {
        if (session === root && frameId === main) this.tabs.setLoading(page, true);
      });
      sessions.on("Page.frameStoppedLoading", ({ frameId }, session) => {
        if (session === root && frameId === main) this.tabs.setLoading(page, false);
      });
      // The events come only to a session that enabled the Page domain; Playwright's own is another.
      await root.send("Page.enable");
    } catch (error) {
      if (!page.isClosed()) throw error;
    }
  }
}
