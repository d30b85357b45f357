import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { PageTabs, type StudioPage, type TabChange } from "./page-tabs.js";

/** Just what PageTabs reads of a Playwright page: its events, address and main frame. */
function fakePage(
  url = "https://example.test/",
): StudioPage & { emit(event: string, ...args: unknown[]): boolean } {
  const events = new EventEmitter();
  const frame = { url: () => url };
  return Object.assign(events, { url: () => url, mainFrame: () => frame }) as never;
}

function tabsWith(count: number) {
  const tabs = new PageTabs();
  const changes: Omit<TabChange, "page">[] = [];
  const pages = Array.from({ length: count }, (_, i) => fakePage(`https://example.test/${i}`));
  for (const page of pages) tabs.track(page);
  tabs.onChange(({ kind, pageId }) => changes.push({ kind, pageId }));
  return { tabs, pages, changes };
}

describe("PageTabs.reopen", () => {
  it("puts the new page in the tab's place, under its id, still active, and hears the old page no more", async () => {
    const { tabs, pages, changes } = tabsWith(3);
    tabs.activate("page-2");
    changes.length = 0;
    const fresh = fakePage("about:blank");
    // As the Studio's context does: a new page is tracked by the "page" event before `newPage` resolves.
    const page = await tabs.reopen("page-2", async () => {
      tabs.track(fresh);
      return fresh;
    });
    expect(page).toBe(fresh);
    expect(tabs.pages()).toEqual([pages[0], fresh, pages[2]]);
    expect(tabs.idOf(fresh)).toBe("page-2");
    expect(tabs.idOf(pages[1]!)).toBeUndefined();
    expect(tabs.active()).toBe(fresh);
    expect(changes).toEqual([
      { kind: "opened", pageId: "page-2" },
      { kind: "activated", pageId: "page-2" },
    ]);
    changes.length = 0;
    pages[1]!.emit("load");
    pages[1]!.emit("close");
    expect(changes).toEqual([]);
    expect(tabs.pages()).toHaveLength(3);
    fresh.emit("close");
    expect(changes).toEqual([
      { kind: "closed", pageId: "page-2" },
      { kind: "activated", pageId: "page-3" },
    ]);
  });

  it("claims the id for a page tracked only after `open` resolved", async () => {
    const { tabs, pages } = tabsWith(2);
    const fresh = fakePage();
    await tabs.reopen("page-1", async () => fresh);
    expect(tabs.pages()).toEqual([fresh, pages[1]]);
    // The context's late "page" event changes nothing.
    expect(tabs.track(fresh)).toBe("page-1");
    expect(tabs.pages()).toHaveLength(2);
  });

  it("gives a page another tab opened at the same moment a tab of its own", async () => {
    const { tabs, pages, changes } = tabsWith(2);
    const fresh = fakePage();
    const popup = fakePage("https://example.test/popup");
    await tabs.reopen("page-1", async () => {
      tabs.track(popup); // took the claim first
      tabs.track(fresh);
      return fresh;
    });
    expect(tabs.idOf(fresh)).toBe("page-1");
    expect(tabs.idOf(popup)).toBe("page-3");
    expect(tabs.pages()).toEqual([fresh, pages[1], popup]);
    expect(changes.filter((c) => c.kind === "opened").map((c) => c.pageId)).toContain("page-3");
  });

  it("refuses a tab that is not open", async () => {
    const { tabs } = tabsWith(1);
    await expect(tabs.reopen("page-9", async () => fakePage())).rejects.toThrow(
      'There is no open tab with id "page-9".',
    );
  });
});

describe("PageTabs.address", () => {
  it("names the address that failed to open while the tab shows the browser's error page", () => {
    const tabs = new PageTabs();
    const page = fakePage("chrome-error://chromewebdata/");
    tabs.track(page);
    expect(tabs.address(page)).toBe("");
    tabs.failed(page, "https://nowhere.test/", "nowhere.test was not found.");
    expect(tabs.address(page)).toBe("https://nowhere.test/");
    expect(tabs.address(fakePage("https://example.test/a"))).toBe("https://example.test/a");
  });
});
