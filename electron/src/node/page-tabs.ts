import type { Client } from "@loupe/core";
import { navigationError } from "../common/navigation-messages.js";
import { StudioError } from "../common/studio-error.js";
import type { PageInfo } from "../common/studio-api.js";

/** A Playwright page of the client's context. */
export type StudioPage = ReturnType<Client["context"]["pages"]>[number];

/** What happened to a tab: listeners of `PageTabs.onChange` hear every one. */
export interface TabChange {
  kind: "opened" | "navigated" | "activated" | "closed" | "loading";
  pageId: string;
  page: StudioPage;
}

/** How long describing a tab waits for its page to say its title. */
const TITLE_WAIT_MS = 2_000;

/** A tab's title is a label: a page that sets a megabyte of title gets this much of it. */
const MAX_TITLE_CHARS = 1_000;

/** The tabs of the browser with the ids the renderer knows them by, and which one is active. */
export class PageTabs {
  private readonly listeners = new Set<(change: TabChange) => void>();
  private readonly byId = new Map<string, StudioPage>();
  private readonly ids = new WeakMap<StudioPage, string>();
  /** The last failed navigation of a tab showing the browser's error page: what was asked, and why. */
  private readonly failures = new WeakMap<StudioPage, { url: string; error: string }>();
  /** The tabs loading a document now (see `setLoading`). */
  private readonly loadingPages = new WeakSet<StudioPage>();
  /** Each tab's last title read, for when its page is too busy to answer. */
  private readonly titles = new WeakMap<StudioPage, string>();
  private nextId = 1;
  private activeId: string | undefined;
  /** The id the next page tracked takes (see `reopen`). */
  private claim: string | undefined;

  /** Starts tracking a page (idempotent); returns its id. */
  track(page: StudioPage): string {
    const known = this.ids.get(page);
    if (known) return known;
    // A page opened by `reopen` takes its tab's id and place (a Map keeps a key's place on `set`).
    const claimed = this.claim;
    this.claim = undefined;
    const id = claimed ?? `page-${this.nextId++}`;
    this.ids.set(page, id);
    this.byId.set(id, page);
    this.listen(page);
    this.notify("opened", id, page);
    if (claimed && this.activeId === id) this.notify("activated", id, page);
    return id;
  }

  /**
   * Opens a tab's page again in a fresh renderer, in the same tab: a page whose renderer crashed, or
   * whose script never yields, can load nothing more (the browser waits on that renderer to leave its
   * document). `open` opens the new page; the old one is no longer the tab's, and its events are heard
   * no more: the caller closes it. The tab keeps its id, its place and whether it is active; the page's
   * history is not carried over.
   */
  async reopen(pageId: string, open: () => Promise<StudioPage>): Promise<StudioPage> {
    this.get(pageId);
    // The context's "page" event tracks a new page before `open` resolves: that `track` claims the id.
    this.claim = pageId;
    let page: StudioPage;
    try {
      page = await open();
      if (!this.ids.has(page)) this.track(page);
    } finally {
      this.claim = undefined;
    }
    // A page that another tab opened at the same moment took the claim: each page to its own tab.
    const took = this.byId.get(pageId);
    const ownId = this.ids.get(page);
    if (took !== page && took && ownId) {
      this.byId.set(pageId, page);
      this.ids.set(page, pageId);
      this.byId.set(ownId, took);
      this.ids.set(took, ownId);
      this.notify("opened", pageId, page);
      this.notify("opened", ownId, took);
      if (this.activeId === pageId) this.notify("activated", pageId, page);
    }
    return page;
  }

  /** Follows a tracked page's own events, for as long as it is its tab's page. */
  private listen(page: StudioPage): void {
    page.once("close", () => {
      const id = this.idOf(page);
      if (!id) return;
      this.byId.delete(id);
      const wasActive = this.activeId === id;
      if (wasActive) this.activeId = [...this.byId.keys()].at(-1);
      this.notify("closed", id, page);
      const next = this.activeId ? this.byId.get(this.activeId) : undefined;
      if (wasActive && this.activeId && next) this.notify("activated", this.activeId, next);
    });
    // A page navigates by itself (links, redirects, scripts), not only through session.navigate.
    page.on("framenavigated", (frame) => {
      const id = this.idOf(page);
      if (!id || frame !== page.mainFrame()) return;
      if (!isErrorPage(frame.url())) this.failures.delete(page);
      this.notify("navigated", id, page);
    });
    // A navigation that fails (a typed address or a link) leaves the browser's error page: keep what was
    // asked for and why, so the tab shows that instead of `chrome-error://`. A stopped one leaves none.
    page.on("requestfailed", (request) => {
      const errorText = request.failure()?.errorText ?? "";
      if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
      if (/ERR_ABORTED/.test(errorText)) return;
      this.failed(page, request.url(), navigationError(errorText, request.url()).message);
    });
    page.on("load", () => {
      const id = this.idOf(page);
      if (id) this.notify("navigated", id, page);
    });
  }

  /** Listens to every tab change; returns the unsubscribe function. */
  onChange(listener: (change: TabChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Says whether a tab is loading a document (the browser's own start and stop of loading its main
   * frame); listeners hear a `loading` change when it flips.
   */
  setLoading(page: StudioPage, loading: boolean): void {
    if (this.loadingPages.has(page) === loading) return;
    if (loading) this.loadingPages.add(page);
    else this.loadingPages.delete(page);
    const id = this.idOf(page);
    if (id) this.notify("loading", id, page);
  }

  /** Whether a tab is loading a document now (see `setLoading`). */
  isLoading(page: StudioPage): boolean {
    return this.loadingPages.has(page);
  }

  /** Records why a tab's navigation to `url` failed; shown while the tab is on the error page. */
  failed(page: StudioPage, url: string, error: string): void {
    this.failures.set(page, { url, error });
    const id = this.idOf(page);
    if (id) this.notify("navigated", id, page);
  }

  /** The open tab with this id. */
  get(pageId: string): StudioPage {
    const page = this.byId.get(pageId);
    if (!page) throw new StudioError("unknown_page", `There is no open tab with id "${pageId}".`);
    return page;
  }

  /** Makes a tracked page the active one. */
  activate(pageId: string): StudioPage {
    const page = this.get(pageId);
    const changed = this.activeId !== pageId;
    this.activeId = pageId;
    if (changed) this.notify("activated", pageId, page);
    return page;
  }

  /** The id of a tracked page, without tracking it (a closed or reopened page has none). */
  idOf(page: StudioPage): string | undefined {
    const id = this.ids.get(page);
    return id && this.byId.get(id) === page ? id : undefined;
  }

  /** The address a tab shows: on the browser's error page, the one that failed to open. */
  address(page: StudioPage): string {
    const url = page.url();
    return isErrorPage(url) ? (this.failures.get(page)?.url ?? "") : url;
  }

  /** The active page. */
  active(): StudioPage {
    const page = this.activeId ? this.byId.get(this.activeId) : undefined;
    if (!page) throw new StudioError("no_page", "No tab is open: open one with session.open.");
    return page;
  }

  /** Describes one tracked page. */
  async info(page: StudioPage): Promise<PageInfo> {
    const pageId = this.track(page);
    const read = await this.titleAndUrl(page);
    const title = read?.title ?? this.titles.get(page) ?? "";
    // Read after the await: descriptions are sent as events, and one that waited on its title must not
    // carry an older active tab than one sent after it. The address comes from the document the title
    // came from: Playwright's `page.url()` can still name the page before, and a tab would then show the
    // new page's title under the old address.
    const url = read?.url ?? page.url();
    const loading = this.isLoading(page) ? { loading: true as const } : {};
    if (!isErrorPage(url)) return { pageId, url, title, active: pageId === this.activeId, ...loading };
    // The browser's error page is no address anyone typed: show the one asked for and the reason.
    const failure = this.failures.get(page);
    return {
      pageId,
      url: failure?.url ?? "",
      title: failure ? title : "",
      active: pageId === this.activeId,
      error: failure?.error ?? "The page could not be opened.",
      ...loading,
    };
  }

  /**
   * The document's title and address, read together in the page; undefined when the page does not
   * answer within `TITLE_WAIT_MS` (a busy page, or one between documents): the tab list, and every
   * event describing a tab, must not wait on it.
   */
  private async titleAndUrl(page: StudioPage): Promise<{ title: string; url: string } | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>(
      (resolve) => (timer = setTimeout(() => resolve(undefined), TITLE_WAIT_MS)),
    );
    // In the page's own world, so a page script could answer anything for the title: it is checked
    // and clipped like any page text (`location.href` cannot be overridden).
    const reading = page.evaluate("({ title: String(document.title), url: location.href })").then(
      (read: unknown) => {
        const { title, url } = (read ?? {}) as { title?: unknown; url?: unknown };
        return typeof title === "string" && typeof url === "string"
          ? { title: title.slice(0, MAX_TITLE_CHARS), url }
          : undefined;
      },
      () => undefined,
    );
    try {
      const read = await Promise.race([reading, late]);
      if (read) this.titles.set(page, read.title);
      return read;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Every open tab's page, in the order they were opened. */
  pages(): StudioPage[] {
    return [...this.byId.values()];
  }

  /** Every open tab, in the order they were opened. */
  list(): Promise<PageInfo[]> {
    return Promise.all([...this.byId.values()].map((page) => this.info(page)));
  }

  private notify(kind: TabChange["kind"], pageId: string, page: StudioPage): void {
    for (const listener of this.listeners) listener({ kind, pageId, page });
  }
}

/** Chromium's page for a navigation that failed. */
function isErrorPage(url: string): boolean {
  return url.startsWith("chrome-error:");
}
