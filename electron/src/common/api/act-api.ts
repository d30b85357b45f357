import { z } from "zod";
import { pageInfoSchema, runMetricsSchema } from "./shared-schemas.js";

const actActionSchema = z.object({
  elementId: z.string(),
  method: z.string(),
  arguments: z.array(z.string()),
  description: z.string(),
  /** Finds the element again without a model (what a script reuses). */
  selector: z.string(),
});

/** One natural-language action on the active tab. */
export const actMethods = {
  "act.run": {
    params: z.strictObject({
      instruction: z.string().trim().min(1),
      /** Values for `%name%` placeholders, filled in after the model answered (never sent to it). */
      variables: z.record(z.string(), z.string()).optional(),
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
    }),
  },
} as const;

/** Events of act. */
export const actEvents = {} as const;
