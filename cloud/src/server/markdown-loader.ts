/**
 * The markdown converter, loaded on first use: a server that only ever fetches raw never loads the HTML
 * parsers nor starts the conversion workers.
 */
import type * as MarkdownIndex from "../markdown/index.js";

type MarkdownModule = typeof MarkdownIndex;

let loading: Promise<MarkdownModule> | undefined;

/** The converter module, loaded once. */
export function markdownModule(): Promise<MarkdownModule> {
  // A failed load is not remembered: the next conversion tries again instead of failing forever.
  return (loading ??= import("../markdown/index.js").catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
}

/** Stops the conversion workers if the converter was ever loaded (a load that failed started none). */
export async function stopMarkdownWorkers(): Promise<void> {
  const loaded = await loading?.catch(() => undefined);
  if (loaded) await loaded.closeMarkdownWorkers();
}

let users = 0;

/**
 * Counts a user of the converter's workers (a running server, a local fetcher), which are shared by
 * every user in the process; the returned function, called when that user stops, stops the workers only
 * when it was the last one (stopping them under another would fail its conversions in flight).
 */
export function retainMarkdownWorkers(): () => Promise<void> {
  users++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    users--;
    if (users === 0) await stopMarkdownWorkers();
  };
}
