import { checkFormatAndSchema, fetchFields, fetchResultSchema } from "@loupe/core/protocol";
import { z } from "zod";
import { runIdSchema } from "./shared-schemas.js";

/** A fetch as the Cloud's `POST /v1/fetch` takes it (what a flow's fetch step keeps, with no run id). */
export const fetchRequestSchema = z.strictObject(fetchFields).superRefine(checkFormatAndSchema);

/** A URL fetched by Loupe Cloud's fetch pipeline in the Studio's process (no browser): the Cloud's own fetch contract. */
export const fetchMethods = {
  "fetch.run": {
    params: z
      .strictObject({
        ...fetchFields,
        /**
         * Chosen by the caller so it can cancel the fetch (`fetch.cancel`) before it answers. Without
         * one the fetch ends only by its own timeouts.
         */
        runId: runIdSchema.optional(),
      })
      .superRefine(checkFormatAndSchema),
    result: fetchResultSchema.extend({
      /** Wall-clock milliseconds of the fetch. */
      ms: z.number().nonnegative(),
      /** The id of this run in the history. */
      historyId: z.string(),
    }),
  },
  /**
   * Stops the fetch started with this `runId`: its connection is closed and `fetch.run` rejects with
   * `cancelled`; `cancelled` here says whether a fetch had that id.
   */
  "fetch.cancel": {
    params: z.strictObject({ runId: runIdSchema }),
    result: z.object({ cancelled: z.boolean() }),
  },
} as const;

/** Events of fetch. */
export const fetchEvents = {} as const;
