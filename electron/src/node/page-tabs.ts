import type { Client } from "@loupe/core";
import { StudioError } from "../common/studio-error.js";
import type { PageInfo } from "../common/studio-api.js";

/** A Playwright page of the client's context. */
export type StudioPage = ReturnType<Client["context"]["pages"]>[number];

/** The tabs of the browser with the ids the renderer knows them by, and which one is active. */
export class PageTabs {
  private readonly byId = new Map<string, StudioPage>();
  private readonly ids = new WeakMap<StudioPage, string>();
  private nextId = 1;
  private activeId: string | undefined;

  /** Starts tracking a page (idempotent); returns its id. */
  track(page: StudioPage): string {
    const known = this.ids.get(page);
    if (known) return known;
    const id = `page-${this.nextId++}`;
    this.ids.set(page, id);
    this.byId.set(id, page);
    page.once("close", () => {
      this.byId.delete(id);
      if (this.activeId === id) this.activeId = [...this.byId.keys()].at(-1);
    });
    return id;
  }

  /** Makes a tracked page the active one. */
  activate(pageId: string): StudioPage {
    const page = this.byId.get(pageId);
    if (!page) throw new StudioError("unknown_page", `There is no open tab with id "${pageId}".`);
    this.activeId = pageId;
    return page;
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
    return {
      pageId,
      url: page.url(),
      title: await page.title().catch(() => ""),
      active: pageId === this.activeId,
    };
  }

  /** Every open tab, in the order they were opened. */
  list(): Promise<PageInfo[]> {
    return Promise.all([...this.byId.values()].map((page) => this.info(page)));
  }
}
