import type { PageSessions } from "@loupe/core/engine";
import type { PageTabs, StudioPage } from "./page-tabs.js";

/** How often, and for how long, a stopped navigation is looked at again once its Stop was sent. */
const RECHECK_MS = 150;
const RECHECK_FOR_MS = 1_500;

/**
 * The navigation under way in each tab, from the moment it is asked for, so Stop (or a newer navigation)
 * ends it whenever it comes. The Stop button shows as soon as an address is entered: a Stop can arrive
 * while the service still checks that the tab's page answers, before the browser has been asked for
 * anything, and it must still win.
 */
export class UnderwayNavigations {
  private readonly byPage = new Map<StudioPage, AbortController>();
  /** The last navigation each tab began, ended or not: a newer one must never be stopped for an older. */
  private readonly latest = new WeakMap<StudioPage, AbortController>();

  constructor(
    private readonly sessionsFor: (page: StudioPage) => Promise<PageSessions>,
    private readonly tabs: Pick<PageTabs, "isLoading">,
  ) {}

  /** Begins a navigation in a tab, ending the one before it; its signal aborts when it is stopped. */
  begin(page: StudioPage): AbortController {
    this.byPage.get(page)?.abort();
    const navigation = new AbortController();
    this.byPage.set(page, navigation);
    this.latest.set(page, navigation);
    return navigation;
  }

  /** Forgets a navigation that ended, unless a newer one has taken its place. */
  end(page: StudioPage, navigation: AbortController): void {
    if (this.byPage.get(page) === navigation) this.byPage.delete(page);
  }

  /** Stops the tab's navigation under way; whether there was one. */
  stop(page: StudioPage): boolean {
    const navigation = this.byPage.get(page);
    navigation?.abort();
    return Boolean(navigation);
  }

  /**
   * Ends in the browser a navigation that was stopped just after it was sent. Playwright sends a
   * navigation on its own connection to the browser, so a Stop sent a moment later can arrive first,
   * find nothing loading, and the page would then load after all: for a short while, a tab seen loading
   * while the stopped navigation has not ended is stopped again. Never once a newer navigation has
   * begun in the tab, nor once the navigation has ended (a link followed later is the person's).
   */
  async stopIfStillLoading(
    page: StudioPage,
    navigation: AbortController,
    going: Promise<unknown>,
  ): Promise<void> {
    let ended = false;
    const settled = going.then(
      () => (ended = true),
      () => (ended = true),
    );
    const deadline = Date.now() + RECHECK_FOR_MS;
    while (Date.now() < deadline) {
      await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, RECHECK_MS))]);
      if (ended || this.latest.get(page) !== navigation || page.isClosed()) return;
      if (this.tabs.isLoading(page)) await (await this.sessionsFor(page)).root.send("Page.stopLoading");
    }
  }
}
