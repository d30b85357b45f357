import { z } from "zod";
import { pageInfoSchema, runIdSchema, runMetricsSchema, runTimeoutSchema } from "./shared-schemas.js";

const actActionSchema = z.object({
  elementId: z.string(),
  method: z.string(),
  arguments: z.array(z.string()),
  description: z.string(),
  /** Finds the element again without a model (what a script reuses). */
  selector: z.string(),
});

/** One natural-language action on the active tab, cancellable while it runs. */
export const actMethods = {
  "act.run": {
    params: z.strictObject({
      /**
       * Chosen by the caller so it can cancel the run (`act.cancel`) before it answers. Without one the
       * run cannot be cancelled, only timed out.
       */
      runId: runIdSchema.optional(),
      instruction: z.string().trim().min(1),
      /** Values for `%name%` placeholders, filled in after the model answered (never sent to it). */
      variables: z.record(z.string(), z.string()).optional(),
      options: z.strictObject({ timeout: runTimeoutSchema.optional() }).optional(),
    }),
    result: z.object({
      success: z.boolean(),
      message: z.string(),
      action: actActionSchema.optional(),
      /** The active tab after the action (it may have navigated). */
      page: pageInfoSchema,
      metrics: runMetricsSchema,
      /** The id of this run in the history. */
      historyId: z.string(),
      /** The page after the action, as kept in the history (none when variables were typed: it may show one). */
      thumbnail: z.string().optional(),
      /**
       * Whether the element acted on is highlighted in the live view: it is while it is still on the page,
       * until the tab navigates or the next run starts.
       */
      highlighted: z.boolean(),
    }),
  },
  /**
   * Stops a run under way: the model request in flight is aborted and no action is performed after it.
   * An action already performed stays done (the run then answers as done). The run rejects with
   * `cancelled`; `cancelled` here says whether a run had that id.
   */
  "act.cancel": {
    params: z.strictObject({ runId: runIdSchema }),
    result: z.object({ cancelled: z.boolean() }),
  },
} as const;

/** Events of act. */
export const actEvents = {} as const;
