import type { PageSessions } from "@loupe/core/engine";
import type { PageTabs, StudioPage } from "./page-tabs.js";

/** How often, and for how long, a stopped navigation is looked at again once its Stop was sent. */
const RECHECK_MS = 150;
const RECHECK_FOR_MS = 1_500;

/**
 * The navigations under way in each tab, from the moment they are asked for, so Stop ends them whenever
 * it comes. The Stop button shows as soon as an address is entered: a Stop can arrive while the service
 * still checks that the tab's page answers, before the browser has been asked for anything, and it must
 * still win. A newer navigation ends an older one only once it loads: two asked for at once in a tab
 * that does not answer both wait for its page to open again (see unanswering-tab.ts).
 */
export class UnderwayNavigations {
  /** Navigations asked for whose tab is still being checked: Stop ends them, a newer one does not. */
  private readonly asked = new Map<StudioPage, Set<AbortController>>();
  /** The navigation each tab is loading: Stop or a newer load ends it. */
  private readonly loads = new Map<StudioPage, AbortController>();
  /** The last navigation each tab was asked for or began loading: never stopped for an older one. */
  private readonly latest = new WeakMap<StudioPage, AbortController>();

  constructor(
    private readonly sessionsFor: (page: StudioPage) => Promise<PageSessions>,
    private readonly tabs: Pick<PageTabs, "isLoading">,
  ) {}

  /** A navigation asked for in a tab, before its page is checked; its signal aborts on Stop. */
  ask(page: StudioPage): AbortController {
    const navigation = new AbortController();
    const asked = this.asked.get(page) ?? new Set();
    asked.add(navigation);
    this.asked.set(page, asked);
    this.latest.set(page, navigation);
    return navigation;
  }

  /** The tab of a navigation asked for has been checked: it loads next, or is over. */
  checked(page: StudioPage, navigation: AbortController): void {
    const asked = this.asked.get(page);
    asked?.delete(navigation);
    if (asked?.size === 0) this.asked.delete(page);
  }

  /** Begins loading in a tab, ending the load before it; the signal aborts when this one is stopped. */
  load(page: StudioPage, navigation = new AbortController()): AbortController {
    const before = this.loads.get(page);
    if (before !== navigation) before?.abort();
    this.loads.set(page, navigation);
    if (!this.asked.get(page)?.size) this.latest.set(page, navigation);
    return navigation;
  }

  /** Forgets a load that ended, unless a newer one has taken its place. */
  loaded(page: StudioPage, navigation: AbortController): void {
    if (this.loads.get(page) === navigation) this.loads.delete(page);
  }

  /** Ends the tab's load under way, not the navigations still being checked (a page opened again). */
  abortLoad(page: StudioPage): void {
    this.loads.get(page)?.abort();
  }

  /** Stops every navigation of the tab, asked for or loading; whether there was one. */
  stop(page: StudioPage): boolean {
    const all = [...(this.asked.get(page) ?? []), this.loads.get(page)].filter((nav) => nav !== undefined);
    for (const navigation of all) navigation.abort();
    return all.length > 0;
  }

  /**
   * Ends in the browser a navigation that was stopped just after it was sent. Playwright sends a
   * navigation on its own connection to the browser, so a Stop sent a moment later can arrive first,
   * find nothing loading, and the page would then load after all: for a short while, a tab seen loading
   * while the stopped navigation has not ended is stopped again. Never once a newer navigation has been
   * asked for in the tab, nor once the stopped one has ended.
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
