/**
 * `format: "markdown"`: a page's main content as GitHub-flavoured markdown. The conversion parses the
 * page into a light tree (htmlparser2), finds its main content whatever the page type (see
 * content/find-main-content.ts) and renders it with its own GFM writer (chosen by measurement: see
 * bench/markdown); it runs in worker threads with a CPU deadline so a hostile page cannot stall the
 * server.
 */
import { MarkdownWorkerPool, type ConvertOptions as PoolConvertOptions } from "./worker-pool.js";
import type { MarkdownResult } from "./convert-html.js";

export { convertHtmlToMarkdown, type ConvertOptions, type MarkdownResult } from "./convert-html.js";
export { MarkdownConversionError, type MarkdownConversionErrorCode } from "./conversion-error.js";
export {
  DEFAULT_DEADLINE_MS,
  MarkdownWorkerPool,
  type MarkdownWorkerPoolOptions,
  type ConvertOptions as PoolConvertOptions,
} from "./worker-pool.js";

let sharedPool: MarkdownWorkerPool | undefined;

/**
 * Converts a page to markdown in the shared worker pool: the main content under a `# Title` heading,
 * links and images absolute against `url` (and the page's `<base href>`).
 * @param url The page's final URL, after redirects.
 * @param options.deadlineMs Deadline for this page (default 10 s), counted from when a worker takes it.
 * @param options.key Whose page it is (the project): waiting pages are served round-robin across keys.
 * @param options.signal Aborted when the request goes away: the page is dropped or its worker stopped.
 * @param options.metadata Also report the page's structured metadata, as `metadata` and front matter.
 * @throws MarkdownConversionError with a `code` (`deadline_exceeded`, `conversion_failed`,
 *   `worker_failed`, `pool_closed`, `cancelled`); the server answers all of them as `extraction_failed`.
 */
export function htmlToMarkdown(
  html: string,
  url: string,
  options: PoolConvertOptions = {},
): Promise<MarkdownResult> {
  sharedPool ??= new MarkdownWorkerPool();
  return sharedPool.convert(html, url, options);
}

/** The same conversion synchronously, in this thread, without a deadline (workers and tests). */
export { convertHtmlToMarkdown as htmlToMarkdownSync } from "./convert-html.js";

/**
 * Stops the shared pool's workers (servers call this on shutdown). Conversions under way reject with
 * `pool_closed`; a later `htmlToMarkdown` starts a new pool.
 */
export async function closeMarkdownWorkers(): Promise<void> {
  const pool = sharedPool;
  sharedPool = undefined;
  await pool?.close();
}
