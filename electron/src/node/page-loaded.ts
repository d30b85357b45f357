import type { StudioPage } from "./page-tabs.js";

/** How long a read waits for a page still loading before it reads what is there. */
export const LOAD_WAIT_MS = 10_000;

/**
 * Waits, at most `ms`, for the page's document to finish loading (`readyState` complete, which also
 * follows a back/forward-cache restore that fires no new "load"). Reading a page at its commit gives a
 * half-parsed document: a long catalog's snapshot would miss most of its cards without a word.
 *
 * @returns whether the document was complete when the wait ended.
 */
export async function pageLoaded(page: StudioPage, ms = LOAD_WAIT_MS): Promise<boolean> {
  try {
    await page.waitForFunction("document.readyState === 'complete'", undefined, { timeout: ms });
    return true;
  } catch {
    return false;
  }
}
