import { ClientDomProcessError } from "@loupe/core";
import { abortable, type PageSessions } from "@loupe/core/engine";

/** How long a read of a page may take once the wait for its load has ended. */
export const READ_WAIT_MS = 20_000;

/**
 * How long one call of the live view waits for the page (an input event, a hit test, a highlight, a
 * screencast switch, the viewport): a person is waiting on it, and a page that answers at all answers
 * these in milliseconds, or seconds when busy with a long task on a loaded machine. Calls that queue
 * behind it (the next tab's screencast) wait no longer either.
 */
export const LIVE_WAIT_MS = 10_000;

/**
 * Resolves as `reading` does, or fails with a sentence a person can act on once `ms` have passed. A page
 * whose script never yields answers no read at all, and what waits on the read (the snapshot view, which
 * reads again only after its last read ended) must not wait with it for good.
 */
export async function readWithin<T>(reading: Promise<T>, ms = READ_WAIT_MS): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new ClientDomProcessError(
          `The page did not answer within ${ms / 1000} s: a script on it may be running without end. ` +
            `Reload the page, or close its tab.`,
        ),
      ),
    ms,
  );
  try {
    return await abortable(reading, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether a page answers a command within `LIVE_WAIT_MS`: not when its renderer crashed, nor when a
 * script on it never yields. The browser can then load nothing more in that tab (see `PageTabs.reopen`).
 */
export async function pageAnswers(sessions: Promise<PageSessions>): Promise<boolean> {
  try {
    await readWithin(
      sessions.then(({ root }) => root.send("Runtime.evaluate", { expression: "0" })),
      LIVE_WAIT_MS,
    );
    return true;
  } catch {
    return false;
  }
}
