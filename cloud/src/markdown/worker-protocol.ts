/** What the pool (worker-pool.ts) sends a conversion worker (markdown-worker.ts); it answers a MarkdownResult. */
export interface ConversionRequest {
  html: string;
  url: string;
}
