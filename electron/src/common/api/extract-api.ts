import { z } from "zod";
import { runMetricsSchema } from "./shared-schemas.js";

/** What the extract panel can set per run (no `page`: the service reads the active tab). */
export const extractOptionsSchema = z.strictObject({
  model: z.string().min(1).optional(),
  timeout: z.number().int().positive().optional(),
  selector: z.string().min(1).optional(),
  ignoreSelectors: z.array(z.string().min(1)).optional(),
  screenshot: z.boolean().optional(),
});

/** Extraction runs. */
export const extractMethods = {
  "extract.run": {
    params: z.strictObject({
      /** Chosen by the caller so it can cancel the run before it answers. */
      runId: z.string().min(1),
      instruction: z.string().trim().min(1).optional(),
      schema: z
        .strictObject({ kind: z.literal("json"), value: z.record(z.string(), z.unknown()) })
        .optional(),
      options: extractOptionsSchema.optional(),
    }),
    result: z.object({ runId: z.string(), result: z.unknown(), metrics: runMetricsSchema }),
  },
  "extract.cancel": {
    params: z.strictObject({ runId: z.string().min(1) }),
    result: z.object({ cancelled: z.boolean() }),
  },
} as const;

/** Events of runs. */
export const extractEvents = {
  /** Where a long run (extract, act) is. */
  "run.progress": z.object({
    runId: z.string(),
    stage: z.enum(["started", "finished", "failed", "cancelled"]),
    ms: z.number().nonnegative().optional(),
  }),
} as const;
