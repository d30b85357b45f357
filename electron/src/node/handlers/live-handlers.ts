import type { TargetSession } from "@loupe/core/engine";
import type { StudioHandlers } from "../../common/studio-api.js";
import { ElementPicker } from "../live/element-picker.js";
import { InputEvents } from "../live/input-events.js";
import { PageViewport } from "../live/page-viewport.js";
import { Screencast } from "../live/screencast.js";
import { LIVE_WAIT_MS, readWithin } from "../page-read-bound.js";
import type { StudioContext } from "../studio-context.js";

type LiveMethod = Extract<keyof StudioHandlers, `live.${string}`>;
type LiveHandlers = Pick<StudioHandlers, LiveMethod>;

const OK = { ok: true } as const;

/** The live view (screencast, forwarded input) and the element picker, on the active tab. */
export function liveHandlers(context: StudioContext): LiveHandlers {
  const screencast = new Screencast(context);
  const input = new InputEvents();
  const picker = new ElementPicker(context);
  const viewport = new PageViewport(context);
  // The live view shows whichever tab is active: follow switches, and the next tab when one closes.
  // A new tab is shown at the Studio's viewport before its first frame.
  context.highlight.onChange(() => screencast.refreshSoon());
  context.outlines.onChange(() => screencast.refreshSoon());
  // A highlight belongs to the page it was drawn on: the next page, or another tab, starts without one.
  context.tabs.onChange((change) => {
    if (change.kind === "opened") void viewport.apply(change.page).catch(() => {});
    else if (change.kind !== "loading") void context.highlight.hide();
    if (change.kind === "activated" || change.kind === "closed") void screencast.follow().catch(() => {});
  });
  // Input runs in the order it was sent: the server answers requests concurrently, and a release that
  // overtook its press would be a different gesture. Each event waits for its page within a bound: a
  // tab stuck in a script answers none, and the input of every tab queues behind it.
  let inputQueue: Promise<unknown> = Promise.resolve();
  const send = (dispatch: (root: TargetSession) => Promise<unknown>) => {
    const next = inputQueue.then(() =>
      readWithin(
        context.sessionsFor(context.tabs.active()).then(({ root }) => dispatch(root)),
        LIVE_WAIT_MS,
      ),
    );
    inputQueue = next.catch(() => {});
    return next;
  };
  return {
    "live.start": ({ withFrame, ...settings }) => screencast.start(settings, withFrame),
    "live.viewport": async (size) => {
      await viewport.set(size, context.tabs.pages(), context.tabs.active());
      // The resized page repaints once; if the browser dropped that frame (two unacknowledged) a still
      // page would stay at the old size in the live view until something else repaints it.
      screencast.refreshSoon();
      return OK;
    },
    "live.stop": async () => ({ stopped: await screencast.stop("stopped by the renderer") }),
    "live.mouse": async (params) => {
      await Promise.all(
        input.mouse(params).map((call) => send((root) => root.send("Input.dispatchMouseEvent", call))),
      );
      return OK;
    },
    "live.wheel": async (params) => {
      const call = input.wheel(params);
      await send((root) => root.send("Input.dispatchMouseEvent", call));
      return OK;
    },
    "live.key": async (params) => {
      const call = input.key(params);
      await send((root) => root.send("Input.dispatchKeyEvent", call));
      return OK;
    },
    "live.insertText": async ({ text }) => {
      await send((root) => root.send("Input.insertText", { text }));
      return OK;
    },
    "live.inspect": async ({ x, y }) => ({ element: await picker.inspect(x, y) }),
    "live.pick": ({ x, y }) => picker.pick(x, y),
    "live.highlight": async ({ elementId }) => ({ element: await picker.highlightId(elementId) }),
    "live.clearHighlight": async () => {
      await context.highlight.hide();
      return OK;
    },
  };
}
