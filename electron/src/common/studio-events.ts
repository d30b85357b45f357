import { z } from "zod";
import { pageInfoSchema } from "./studio-methods.js";

/** Every event the service pushes to the renderer, with its payload schema. */
export const studioEvents = {
  /** A tab navigated, changed its title, opened, or became active. */
  "session.pageChanged": pageInfoSchema,
  /** Where a long run (extract, act) is. */
  "run.progress": z.object({
    runId: z.string(),
    stage: z.enum(["started", "finished", "failed", "cancelled"]),
    ms: z.number().nonnegative().optional(),
  }),
} as const;
