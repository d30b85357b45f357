import { z } from "zod";
import { pageIdSchema } from "./shared-schemas.js";

/** A point on the page, in CSS pixels of the main frame's viewport (map from the frame image first). */
const pointSchema = { x: z.number().finite(), y: z.number().finite() };

/** Modifier keys held: CDP's bit field (Alt 1, Ctrl 2, Meta 4, Shift 8). */
const modifiersSchema = z.number().int().min(0).max(15).default(0);

const okSchema = z.object({ ok: z.literal(true) });

/**
 * What maps a frame's image back to the page: CDP's `ScreencastFrameMetadata`. `deviceWidth` and
 * `deviceHeight` are the viewport in CSS pixels the image shows (at `pageScaleFactor`), below `offsetTop`.
 */
export const frameMetadataSchema = z.object({
  offsetTop: z.number(),
  pageScaleFactor: z.number().positive(),
  deviceWidth: z.number().positive(),
  deviceHeight: z.number().positive(),
  scrollOffsetX: z.number(),
  scrollOffsetY: z.number(),
  /** When the browser drew the frame, seconds since the epoch (absent on some builds). */
  timestamp: z.number().optional(),
});

/** One screencast frame of the active tab. */
const liveFrameSchema = z.object({
  pageId: pageIdSchema,
  /** Increases by one with every frame the service sends, across tabs, for as long as it runs. */
  frame: z.number().int().positive(),
  /** JPEG bytes, base64. */
  data: z.string(),
  /** The image's size in pixels. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  metadata: frameMetadataSchema,
  /** When the service received the frame from the browser (ms since the epoch). */
  receivedAt: z.number(),
});

/** The element the picker or a highlight points at: the snapshot id form, its role/name, its box. */
const inspectedSchema = z.object({
  /** `tag#id.class` of the element, for a tooltip. */
  description: z.string(),
  /** The frame's URL when the element lives in an iframe. */
  frameUrl: z.string().optional(),
});

/** The live view of the active tab (screencast frames, forwarded input) and the element picker. */
export const liveMethods = {
  /**
   * Starts (or keeps) the screencast of the active tab for `leaseMs`. The renderer calls it again
   * before the lease ends; when nobody renews it the screencast stops, so a closed UI costs nothing.
   */
  "live.start": {
    params: z.strictObject({
      quality: z.number().int().min(10).max(100).default(70),
      maxWidth: z.number().int().min(100).max(4096).default(1600),
      maxHeight: z.number().int().min(100).max(4096).default(1200),
      /**
       * Answer with the newest frame too. The browser sends frames only when the page repaints, so a
       * window that joins a screencast already running (a second window) would wait for one otherwise.
       */
      withFrame: z.boolean().default(false),
    }),
    result: z.object({
      pageId: pageIdSchema,
      leaseMs: z.number().int().positive(),
      /** With `withFrame`: the newest frame of the active tab, once it sent one. */
      frame: liveFrameSchema.optional(),
    }),
  },
  /**
   * The size, in CSS pixels, the Studio shows pages at: the active tab and every tab after it get this
   * viewport, so the live view's frame fills its pane at 1:1.
   */
  "live.viewport": {
    params: z.strictObject({
      width: z.number().int().min(100).max(4096),
      height: z.number().int().min(100).max(4096),
    }),
    result: okSchema,
  },
  "live.stop": {
    params: z.strictObject({}),
    result: z.object({ stopped: z.boolean() }),
  },
  /** A mouse event on the active tab. `click` is down then up at the same point. */
  "live.mouse": {
    params: z.strictObject({
      type: z.enum(["move", "down", "up", "click"]),
      ...pointSchema,
      button: z.enum(["none", "left", "middle", "right"]).default("left"),
      clickCount: z.number().int().min(0).max(3).default(1),
      modifiers: modifiersSchema,
    }),
    result: okSchema,
  },
  /** A wheel turn at a point (deltas in CSS pixels, as the DOM's `WheelEvent` with deltaMode 0). */
  "live.wheel": {
    params: z.strictObject({
      ...pointSchema,
      deltaX: z.number().finite(),
      deltaY: z.number().finite(),
      modifiers: modifiersSchema,
    }),
    result: okSchema,
  },
  /** A key going down or up; `text` is what a keydown types (absent for Shift, arrows…). */
  "live.key": {
    params: z.strictObject({
      type: z.enum(["down", "up"]),
      key: z.string().min(1),
      code: z.string(),
      text: z.string().optional(),
      /** The DOM `keyCode` (Windows virtual key code): Enter, Backspace and arrows need it to act. */
      keyCode: z.number().int().min(0).max(255).optional(),
      modifiers: modifiersSchema,
    }),
    result: okSchema,
  },
  /** Types text at the focus as one input (a paste, or what an input method composed). */
  "live.insertText": {
    params: z.strictObject({ text: z.string() }),
    result: okSchema,
  },
  /** Picker hover: highlights the element at a point (across iframes and shadow roots). */
  "live.inspect": {
    params: z.strictObject(pointSchema),
    result: z.object({ element: inspectedSchema.nullable() }),
  },
  /** Picker click: a selector that finds the element at a point again, and its part of the snapshot. */
  "live.pick": {
    params: z.strictObject(pointSchema),
    result: inspectedSchema.extend({
      /** CSS when one selector matches only this element, else XPath (Loupe's `selector` option form). */
      selector: z.string(),
      /** Whether `selector` matches this element alone across every frame and shadow root. */
      unique: z.boolean(),
      /** The snapshot cut to the element (`snapshot.get` with the selector); empty when it has no text. */
      snapshot: z.string(),
    }),
  },
  /** Highlights the element of the last `snapshot.get` with this id (`frame-node`). */
  "live.highlight": {
    params: z.strictObject({ elementId: z.string().regex(/^\d+-\d+$/, "an id like 0-42") }),
    result: z.object({ element: inspectedSchema.nullable() }),
  },
  /** Hides any highlight. */
  "live.clearHighlight": {
    params: z.strictObject({}),
    result: okSchema,
  },
} as const;

/** Events of the live view. */
export const liveEvents = {
  /** A screencast frame of the active tab. */
  "live.frame": liveFrameSchema,
  /** The screencast stopped (lease ended, `live.stop`, or the tab closed). */
  "live.stopped": z.object({ pageId: pageIdSchema.optional(), reason: z.string() }),
} as const;
