import { z } from "zod";
import { pageIdSchema } from "./shared-schemas.js";

/** How many matched elements the selector box outlines at most (every match is still counted). */
export const MAX_SELECTOR_BOXES = 200;

/** The longest selector the box takes: longer than any selector the picker or act writes. */
export const MAX_SELECTOR_LENGTH = 2000;

/** A box in CSS pixels of the main frame's viewport (where the live view draws it). */
const boxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
});

/** What a match found on a tab. */
const matchResultSchema = z.object({
  pageId: pageIdSchema,
  /** Every element the selector matches, visible or not. */
  count: z.number().int().nonnegative(),
  /** The visible matches' boxes, in document order, at most `MAX_SELECTOR_BOXES`. */
  boxes: z.array(boxSchema).max(MAX_SELECTOR_BOXES),
  /** True when more matches than `boxes` holds may be visible: only the first are outlined. */
  truncated: z.boolean(),
  /** Why nothing matched when a step of a chain leads nowhere (no such iframe, no shadow root). */
  detail: z.string().optional(),
});

/** The selector box: a selector tried on the live page, its matches counted and outlined. */
export const selectorMethods = {
  /**
   * Matches a selector on a tab (the active one by default) as a run's `selector` option does: CSS,
   * XPath (`//…`, `xpath=…`) or the chains act returns, across frames and shadow roots. Outlines the
   * visible matches on the page (replacing the outlines of the selector before), so the live view shows
   * them. An invalid selector is an `invalid_selector` error that says what to change.
   */
  "selector.match": {
    params: z.strictObject({
      selector: z
        .string()
        .min(1, "Type a selector: CSS, or an XPath starting with / or xpath=.")
        .max(MAX_SELECTOR_LENGTH, `A selector is at most ${MAX_SELECTOR_LENGTH} characters.`)
        .refine((selector) => selector.trim() !== "", "A selector cannot be only spaces."),
      pageId: pageIdSchema.optional(),
    }),
    result: matchResultSchema,
  },
  /** Removes the selector box's outlines from the page (the box was cleared). */
  "selector.clear": {
    params: z.strictObject({}),
    result: z.object({ ok: z.literal(true) }),
  },
} as const;

export const selectorEvents = {
  /**
   * The matched elements moved on the page (a box scrolled on its own, a script moved them, the page
   * scrolled them into or out of view) and their outlines were drawn again: where they are now. The
   * elements are those matched last; ones the page added since are counted at the next match.
   */
  "selector.moved": matchResultSchema.omit({ detail: true }).extend({ selector: z.string() }),
} as const;
