import { fetchBodySchema, fetchResultSchema } from "@loupe/core/protocol";
import { z } from "zod";

/** A URL fetched by Loupe Cloud's fetch pipeline in the Studio's process (no browser): the Cloud's own fetch contract. */
export const fetchMethods = {
  "fetch.run": {
    params: fetchBodySchema,
    result: fetchResultSchema.extend({
      /** Wall-clock milliseconds of the fetch. */
      ms: z.number().nonnegative(),
      /** The id of this run in the history. */
      historyId: z.string(),
    }),
  },
} as const;

/** Events of fetch. */
export const fetchEvents = {} as const;
