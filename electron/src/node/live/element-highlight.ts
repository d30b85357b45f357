import type { TargetSession } from "@loupe/core/engine";
import { LIVE_WAIT_MS, readWithin } from "../page-read-bound.js";
import { settledWithin } from "../settled-within.js";
import { enableDom, type ElementRef } from "./element-at-point.js";

/** DevTools' own highlight colours: content blue, padding green, border yellow, margin orange. */
const HIGHLIGHT_CONFIG = {
  showInfo: true,
  showStyles: false,
  contentColor: { r: 111, g: 168, b: 220, a: 0.66 },
  paddingColor: { r: 147, g: 196, b: 125, a: 0.55 },
  borderColor: { r: 255, g: 229, b: 153, a: 0.66 },
  marginColor: { r: 246, g: 178, b: 107, a: 0.66 },
};

/**
 * The one highlight the live view shows, drawn with CDP's Overlay domain in the page itself so it shows
 * in the screencast frames: the picker's, the snapshot view's and the element act acted on. Each process
 * (the page, each out-of-process iframe) draws its own overlay, so the sessions that drew one are
 * remembered and all are cleared before the next. Calls run in the order they were made: requests are
 * answered concurrently, and a hover's `show` that overtook the pick's `hide` would leave a highlight.
 * Every call waits for its page within a bound, so a tab stuck in a script holds up no later call.
 */
export class ElementHighlight {
  private readonly overlayEnabled = new WeakSet<TargetSession>();
  private readonly drawn = new Set<TargetSession>();
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();

  /** Hears every highlight drawn or hidden (the screencast makes sure a frame shows it). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Shows the highlight on one element (and hides any other). */
  show(element: ElementRef): Promise<void> {
    return this.enqueue(async () => {
      await this.hideAll(element.session);
      await readWithin(
        this.enable(element.session).then(() =>
          element.session.send("Overlay.highlightNode", {
            highlightConfig: HIGHLIGHT_CONFIG,
            backendNodeId: element.backendNodeId,
          }),
        ),
        LIVE_WAIT_MS,
      );
      this.drawn.add(element.session);
      this.changed();
    });
  }

  /**
   * Shows the highlight on an element if it is still in its document (and hides any other); answers
   * whether it did. A node the page removed or replaced is no error: there is just nothing to show.
   */
  async showIfAttached(element: ElementRef): Promise<boolean> {
    const objectGroup = "loupe-highlight";
    try {
      const connected = await readWithin(
        (async () => {
          const { object } = await element.session.send("DOM.resolveNode", {
            backendNodeId: element.backendNodeId,
            objectGroup,
          });
          const { result } = await element.session.send("Runtime.callFunctionOn", {
            objectId: object.objectId,
            functionDeclaration: "function () { return this.isConnected; }",
            returnByValue: true,
          });
          return result.value === true;
        })(),
        LIVE_WAIT_MS,
      );
      if (!connected) return false;
      await this.show(element);
      return true;
    } catch {
      return false;
    } finally {
      await settledWithin(element.session.send("Runtime.releaseObjectGroup", { objectGroup }), LIVE_WAIT_MS);
    }
  }

  /** Hides every highlight. */
  hide(): Promise<void> {
    return this.enqueue(() => this.hideAll());
  }

  /** Hides every highlight except in `keep` (which the next `show` replaces anyway). */
  private async hideAll(keep?: TargetSession): Promise<void> {
    const sessions = [...this.drawn].filter((session) => session !== keep);
    for (const session of sessions) this.drawn.delete(session);
    await Promise.all(
      sessions.map((session) => settledWithin(session.send("Overlay.hideHighlight"), LIVE_WAIT_MS)),
    );
    if (sessions.length > 0) this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private async enable(session: TargetSession): Promise<void> {
    if (this.overlayEnabled.has(session)) return;
    await enableDom(session);
    await session.send("Overlay.enable");
    this.overlayEnabled.add(session);
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }
}
