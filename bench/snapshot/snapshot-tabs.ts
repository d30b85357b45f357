/**
 * The three readers the bench times, each in a fresh tab of the same Chromium. A fresh tab per page
 * and tool keeps any state a tool builds up per tab out of the numbers (Stagehand 3.7.3 gets slower
 * with every navigation of a reused tab: ~14 ms → ~1.3 s for the same small page after 30 pages).
 */
import type { Page as StagehandPage, Stagehand } from "@browserbasehq/stagehand";
import type { Client } from "@loupe/core";
import type { CDPSession, Page } from "playwright-core";

/** A loaded tab and the one call that is timed on it. */
export interface SnapshotTab {
  /** The timed call: returns the snapshot text ("" for the floor, which renders nothing). */
  snapshot(): Promise<string>;
  close(): Promise<void>;
}

/** Loupe's tab: the snapshot is `client.extract()` with the tab named, so no other tab is read. */
export interface LoupeTab extends SnapshotTab {
  page: Page;
}

/** Opens `url` in a new Loupe tab and waits for its load event. */
export async function openLoupeTab(client: Client, url: string, timeoutMs: number): Promise<LoupeTab> {
  const page = await client.context.newPage();
  try {
    await page.goto(url, { waitUntil: "load", timeout: timeoutMs });
  } catch (error) {
    await page.close().catch(() => {});
    throw error;
  }
  return {
    page,
    snapshot: async () => (await client.extract({ page })).pageText,
    close: () => page.close(),
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
  const page: StagehandPage = await stagehand.context.newPage();
  try {
    await page.goto(url, { waitUntil: "load", timeoutMs });
  } catch (error) {
    await page.close().catch(() => {});
    throw error;
  }
  return {
    page,
    snapshot: async () => (await stagehand.extract({ page })).pageText,
    close: () => page.close(),
  };
}

/**
 * The floor: the two raw reads any accessibility snapshot starts from, on the page's main target
 * only (no OOPIFs), through a plain CDP session on Loupe's tab — `Accessibility.getFullAXTree` then
 * `DOM.getDocument({depth: -1, pierce: true})`, one after the other, timed together.
 */
export async function openFloor(loupeTab: LoupeTab): Promise<SnapshotTab> {
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
