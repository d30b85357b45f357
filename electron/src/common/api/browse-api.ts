import { z } from "zod";
import { httpUrlSchema, pageIdSchema, pageInfoSchema } from "./shared-schemas.js";

/** Browsing: tabs, navigation and what the model sees of the page. */
export const browseMethods = {
  /** Opens a tab (at `url`, or blank) and makes it the active one. */
  "session.open": {
    params: z.strictObject({ url: httpUrlSchema.optional() }),
    result: pageInfoSchema,
  },
  /**
   * Closes a tab. The next one becomes active when it was; closing the last tab leaves a new blank one,
   * so there is always a page to show and run on.
   */
  "session.close": {
    params: z.strictObject({ pageId: pageIdSchema }),
    result: z.object({ pages: z.array(pageInfoSchema) }),
  },
  "session.navigate": {
    params: z.strictObject({
      to: z.union([z.strictObject({ url: httpUrlSchema }), z.enum(["back", "forward", "reload"])]),
    }),
    result: pageInfoSchema,
  },
  /**
   * Stops the active tab's navigation or loading (the browser's Stop). A `session.navigate` under way
   * rejects with `navigation_stopped`.
   */
  "session.stop": {
    params: z.strictObject({}),
    result: z.object({ stopped: z.boolean() }),
  },
  "session.pages": {
    params: z.strictObject({}),
    result: z.object({ pages: z.array(pageInfoSchema) }),
  },
  "session.activate": {
    params: z.strictObject({ pageId: pageIdSchema }),
    result: pageInfoSchema,
  },
  "snapshot.get": {
    params: z.strictObject({
      selector: z.string().min(1).optional(),
      ignoreSelectors: z.array(z.string().min(1)).optional(),
    }),
    result: z.object({
      pageId: pageIdSchema,
      text: z.string(),
      elementCount: z.number().int().nonnegative(),
      /** The text's length in o200k_base tokens (GPT-4o and later): roughly what a model call costs. */
      tokens: z.number().int().nonnegative(),
      ms: z.number().nonnegative(),
      /**
       * False when the page was still loading after the Studio waited for it: the snapshot may miss
       * what arrives later.
       */
      complete: z.boolean(),
    }),
  },
} as const;

/** Events of browsing. */
export const browseEvents = {
  /** A tab navigated, changed its title, opened, or became active. */
  "session.pageChanged": pageInfoSchema,
  /** A tab closed (by the page, or by the person). */
  "session.pageClosed": z.object({ pageId: pageIdSchema }),
} as const;
