import { z } from "zod";

const actActionSchema = z.object({
  elementId: z.string(),
  method: z.string(),
  arguments: z.array(z.string()),
  description: z.string(),
  selector: z.string(),
});

/** One natural-language action on the active tab. */
export const actMethods = {
  "act.run": {
    params: z.strictObject({
      instruction: z.string().trim().min(1),
      variables: z.record(z.string(), z.string()).optional(),
    }),
    result: z.object({ success: z.boolean(), message: z.string(), action: actActionSchema.optional() }),
  },
} as const;

/** Events of act. */
export const actEvents = {} as const;
