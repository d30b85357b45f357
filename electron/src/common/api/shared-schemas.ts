import { z } from "zod";

/** A page (tab) id the service hands out; stable while the tab is open. */
export const pageIdSchema = z.string().min(1);

/** An http(s) URL a person typed. */
export const httpUrlSchema = z.url({ protocol: /^https?$/ });

/** One open tab. */
export const pageInfoSchema = z.object({
  pageId: pageIdSchema,
  url: z.string(),
  title: z.string(),
  active: z.boolean(),
  /**
   * Why the tab shows no page: its last navigation failed. `url` is then the address that was asked for,
   * never the browser's `chrome-error://` page.
   */
  error: z.string().optional(),
  /**
   * The tab is loading a document, whoever started it (the address bar, a link, a script, back): what a
   * browser shows with its spinner. Absent when it is not.
   */
  loading: z.literal(true).optional(),
});

/** Model work one run cost. */
export const runMetricsSchema = z.object({
  llmCalls: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  ms: z.number().nonnegative(),
});

/** A run's time limit in milliseconds: past it the work in flight (the model request too) is aborted. */
export const runTimeoutSchema = z.number().int().positive();

/** A run id, chosen by the caller so it can cancel the run before it answers. */
export const runIdSchema = z.string().min(1);
