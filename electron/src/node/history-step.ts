import type { PageSessions } from "@loupe/core/engine";
import { LIVE_WAIT_MS, readWithin } from "./page-read-bound.js";

/**
 * The address one step back or forward in a tab's history leads to, as the browser keeps it (it answers
 * this for a page whose script never yields): null when there is no such step, undefined when the browser
 * does not answer. A step to the browser's error page leads to the address that failed.
 */
export async function historyStep(
  sessions: Promise<PageSessions>,
  to: "back" | "forward",
): Promise<string | null | undefined> {
  try {
    const { currentIndex, entries } = await readWithin(
      sessions.then(({ root }) => root.send("Page.getNavigationHistory")),
      LIVE_WAIT_MS,
    );
    const entry = entries[currentIndex + (to === "back" ? -1 : 1)];
    if (!entry) return null;
    return entry.url.startsWith("chrome-error:") ? entry.userTypedURL || undefined : entry.url;
  } catch {
    return undefined;
  }
}
