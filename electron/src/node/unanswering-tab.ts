import { pageNotAnswering } from "../common/navigation-messages.js";
import type { PageInfo, StudioParsedParams } from "../common/studio-api.js";
import { historyStep } from "./history-step.js";
import { LIVE_WAIT_MS } from "./page-read-bound.js";
import type { StudioPage } from "./page-tabs.js";
import { settledWithin } from "./settled-within.js";
import type { StudioContext } from "./studio-context.js";

type NavigateTo = StudioParsedParams<"session.navigate">["to"];

/** What the browse handlers do with a tab that answers: load a page in it, and describe it. */
export interface TabNavigation {
  /** A navigation from the start: checks first whether the tab's page answers. */
  navigate(page: StudioPage, to: NavigateTo): Promise<PageInfo>;
  /** The navigation itself, in a page that answers. */
  load(page: StudioPage, to: NavigateTo): Promise<PageInfo>;
  /** Tells the renderer about the tab, and answers its description. */
  changed(page: StudioPage): Promise<PageInfo>;
  /** Ends the navigation under way in a page, if any. */
  abort(page: StudioPage): void;
}

/**
 * Navigation in a tab whose page answers nothing: its renderer crashed, or a script on it never yields.
 * The browser loads nothing more in that renderer (it waits on it to leave its document, and Playwright's
 * page of a crashed tab refuses to load), so Reload, a typed address, Back and Forward open their page in
 * a new renderer, in the same tab (`PageTabs.reopen`; the tab's history is gone). One at a time per tab:
 * a navigation asked for while the page opens again (Reload pressed twice) waits for it, then runs as
 * usual in the new page.
 */
export class UnansweringTab {
  private readonly reopening = new Map<string, Promise<PageInfo>>();

  constructor(
    private readonly context: StudioContext,
    private readonly navigation: TabNavigation,
  ) {}

  async navigate(page: StudioPage, to: NavigateTo): Promise<PageInfo> {
    const pageId = this.context.tabs.track(page);
    const underWay = this.reopening.get(pageId);
    if (underWay) {
      await underWay.catch(() => {});
      return this.navigation.navigate(this.context.tabs.get(pageId), to);
    }
    // Opened again meanwhile: navigate the page the tab shows now.
    const shown = this.context.tabs.get(pageId);
    if (shown !== page) return this.navigation.navigate(shown, to);
    const opening = this.openAgain(pageId, page, to);
    this.reopening.set(pageId, opening);
    try {
      return await opening;
    } finally {
      this.reopening.delete(pageId);
    }
  }

  private async openAgain(pageId: string, page: StudioPage, to: NavigateTo): Promise<PageInfo> {
    const url =
      to === "back" || to === "forward"
        ? await historyStep(this.context.sessionsFor(page), to)
        : to === "reload"
          ? this.context.tabs.address(page) || "about:blank"
          : to.url;
    // A step back or forward where the history has none: nothing to do, as in a browser.
    if (url === null) return this.navigation.changed(page);
    if (!url) throw pageNotAnswering();
    this.navigation.abort(page);
    const fresh = await this.context.tabs.reopen(pageId, () => this.context.client().context.newPage());
    await settledWithin(page.close(), LIVE_WAIT_MS);
    return this.navigation.load(fresh, { url });
  }
}
