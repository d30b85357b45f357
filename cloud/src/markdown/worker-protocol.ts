/** What the pool (worker-pool.ts) sends a conversion worker (markdown-worker.ts); it answers a MarkdownResult. */
export interface ConversionRequest {
  html: string;
  url: string;
  /** Report the page's structured metadata too (see ConvertOptions.metadata in convert-html.ts). */
  metadata?: boolean;
}
