/**
 * The readers the bench times, each in a fresh tab. Loupe, Stagehand 3.7.3 and the floors share one
 * Chromium; Stagehand 4.4.0 runs in a Chromium of the same build that its own factory launches (it
 * drives the browser through an extension, which a browser it merely connects to can only load over a
 * pipe). A fresh tab per page and tool keeps any state a tool builds up per tab out of the numbers
 * (Stagehand 3.7.3 gets slower with every navigation of a reused tab: ~14 ms → ~1.3 s for the same
 * small page after 30 pages).
 */
import type { Page as StagehandPage, Stagehand } from "@browserbasehq/stagehand";
import type { Client } from "@loupe/core";
import type { CDPSession, Page } from "playwright-core";
import type { Page as Stagehand4Page, StagehandBrowser } from "stagehand4";

/** A loaded tab and the one call that is timed on it. */
export interface SnapshotTab {
  /** The timed call: returns the snapshot text ("" for the floors, which render nothing). */
  snapshot(): Promise<string>;
  /** Untimed work before each timed call (what makes a Loupe read cold or warm). */
  beforeRun?(): Promise<void>;
  close(): Promise<void>;
}

/** Loupe's tab: the snapshot is `client.extract()` with the tab named, so no other tab is read. */
export interface LoupeTab extends SnapshotTab {
  page: Page;
}

/** Opens `url` in a new Loupe tab and waits for its load event. */
export async function openLoupeTab(client: Client, url: string, timeoutMs: number): Promise<LoupeTab> {
  const page = await loaded(await client.context.newPage(), (tab) =>
    tab.goto(url, { waitUntil: "load", timeout: timeoutMs }),
  );
  return {
    page,
    snapshot: async () => (await client.extract({ page })).pageText,
    close: () => page.close(),
  };
}

/**
 * Loupe's tab read cold: before each timed call the page's DOM is touched (an attribute of the root
 * element flips), so Loupe cannot answer from its last capture and reads the page as it would after any
 * change — the read every peer makes every time.
 */
export function coldLoupe(tab: LoupeTab): SnapshotTab {
  return {
    snapshot: tab.snapshot,
    beforeRun: async () => {
      await tab.page.evaluate(`document.documentElement.toggleAttribute("data-bench-touch")`);
    },
    close: tab.close,
  };
}

/**
 * Loupe's tab read warm: an untimed read first, then the timed one on the page it left unchanged (act's
 * retry, an extract after another). Shares the cold reader's tab, which closes it.
 */
export function warmLoupe(tab: LoupeTab): SnapshotTab {
  return {
    snapshot: tab.snapshot,
    beforeRun: async () => void (await tab.snapshot()),
    close: async () => {},
  };
}

/** Stagehand's tab: the snapshot is `stagehand.extract()` with the tab named. */
export interface StagehandTab extends SnapshotTab {
  page: StagehandPage;
}

/** Opens `url` in a new Stagehand tab (through Stagehand's own API) and waits for its load event. */
export async function openStagehandTab(
  stagehand: Stagehand,
  url: string,
  timeoutMs: number,
): Promise<StagehandTab> {
  const page: StagehandPage = await loaded(await stagehand.context.newPage(), (tab) =>
    tab.goto(url, { waitUntil: "load", timeoutMs }),
  );
  return {
    page,
    snapshot: async () => (await stagehand.extract({ page })).pageText,
    close: () => page.close(),
  };
}

/** Opens `url` in a new tab of Stagehand 4's browser; the snapshot is `page.snapshot()` (iframes included). */
export async function openStagehand4Tab(
  browser: StagehandBrowser,
  url: string,
  timeoutMs: number,
): Promise<SnapshotTab> {
  const page: Stagehand4Page = await loaded(await browser.context.newPage(), (tab) =>
    tab.goto(url, { waitUntil: "load", timeout: timeoutMs }),
  );
  return {
    snapshot: async () => (await page.snapshot({ includeIframes: true, timeout: timeoutMs })).formattedTree,
    close: () => page.close(),
  };
}

/**
 * The DOM floor: one `DOMSnapshot.captureSnapshot` of the page's main target (its same-process frames
 * included, out-of-process ones not), through a plain CDP session on Loupe's tab — the capture Loupe's
 * snapshot is built from.
 */
export async function openDomFloor(loupeTab: LoupeTab): Promise<SnapshotTab> {
  const session: CDPSession = await loupeTab.page.context().newCDPSession(loupeTab.page);
  return {
    snapshot: async () => {
      await session.send("DOMSnapshot.captureSnapshot", { computedStyles: [] });
      return "";
    },
    close: () => session.detach(),
  };
}

/**
 * The accessibility floor: the two raw reads any accessibility snapshot starts from, on the page's main target
 * only (no OOPIFs), through a plain CDP session on Loupe's tab — `Accessibility.getFullAXTree` then
 * `DOM.getDocument({depth: -1, pierce: true})`, one after the other, timed together.
 */
export async function openAxFloor(loupeTab: LoupeTab): Promise<SnapshotTab> {
  const session: CDPSession = await loupeTab.page.context().newCDPSession(loupeTab.page);
  return {
    snapshot: async () => {
      await session.send("Accessibility.getFullAXTree");
      await session.send("DOM.getDocument", { depth: -1, pierce: true });
      return "";
    },
    close: () => session.detach(),
  };
}

/** The tab once `load` has loaded it; a tab that fails to load is closed, not left open. */
async function loaded<T extends { close(): Promise<unknown> }>(
  tab: T,
  load: (tab: T) => Promise<unknown>,
): Promise<T> {
  try {
    await load(tab);
  } catch (error) {
    await tab.close().catch(() => {});
    throw error;
  }
  return tab;
}
