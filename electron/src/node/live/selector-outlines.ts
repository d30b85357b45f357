import type { TargetSession } from "@loupe/core/engine";
import type { ViewportBox } from "./match-boxes.js";

/** The element that holds the outlines in the page: a name no page uses, so no page rule styles it. */
export const OUTLINES_TAG = "loupe-selector-outlines";

/**
 * Runs in the page: replaces the outlines with one box per rectangle (viewport pixels, placed in document
 * pixels so they scroll with the page). The holder is `aria-hidden` and inert, so snapshots and assistive
 * technology skip it, lets every pointer event through (the picker's hit test and act's clicks pass it),
 * and keeps its boxes in a closed shadow root with `:host` rules marked important, which win over any
 * rule of the page. It says how many boxes it draws in `data-boxes`, for tests and devtools.
 */
const DRAW_FUNCTION = `function (tag, boxes) {
  for (const old of document.querySelectorAll(tag)) old.remove();
  if (!boxes.length || !document.documentElement) return 0;
  const host = document.createElement(tag);
  host.setAttribute("aria-hidden", "true");
  host.setAttribute("inert", "");
  host.setAttribute("data-boxes", String(boxes.length));
  const root = host.attachShadow({ mode: "closed" });
  const style = document.createElement("style");
  style.textContent =
    ":host{all:initial!important;display:block!important;position:absolute!important;left:0!important;" +
    "top:0!important;width:0!important;height:0!important;overflow:visible!important;" +
    "z-index:2147483647!important;pointer-events:none!important}" +
    "div{position:absolute;box-sizing:border-box;border:2px solid #e8710a;" +
    "background:rgba(232,113,10,0.18);pointer-events:none}";
  root.append(style);
  const left = window.scrollX;
  const top = window.scrollY;
  for (const box of boxes) {
    const outline = document.createElement("div");
    outline.style.left = box.x + left + "px";
    outline.style.top = box.y + top + "px";
    outline.style.width = box.width + "px";
    outline.style.height = box.height + "px";
    root.append(outline);
  }
  document.documentElement.append(host);
  return boxes.length;
}`;

/**
 * The selector box's outlines on the live page: drawn into the page's own document (CDP's overlay draws
 * one element at a time), so the screencast shows them. Only the latest match draws: each match takes a
 * ticket, and a slower match for an older selector finds its ticket outdated and draws nothing. Work runs
 * in the order it was asked for, like the element highlight's.
 */
export class SelectorOutlines {
  private ticket = 0;
  private drawnOn: TargetSession | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();

  /** Hears every drawing and removal (the screencast makes sure a frame shows it). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts a match on a page: outdates every earlier ticket and removes the outlines (a selector like
   * `*` or `div` would match them otherwise). Answers the ticket to draw with.
   */
  async begin(root: TargetSession): Promise<number> {
    const ticket = ++this.ticket;
    await this.enqueue(async () => {
      const drawn = this.drawnOn;
      this.drawnOn = undefined;
      await this.removeFrom(drawn);
      // And from the page matched, whatever it holds: a selector must never meet outlines.
      if (root !== drawn) await this.removeFrom(root);
      if (drawn) this.changed();
    });
    return ticket;
  }

  /** Draws the boxes when `ticket` is still the latest; answers whether it did. */
  draw(root: TargetSession, boxes: ViewportBox[], ticket: number): Promise<boolean> {
    return this.enqueue(async () => {
      if (ticket !== this.ticket) return false;
      await this.removeFrom(this.drawnOn !== root ? this.drawnOn : undefined);
      await root.send("Runtime.evaluate", {
        expression: `(${DRAW_FUNCTION})(${JSON.stringify(OUTLINES_TAG)}, ${JSON.stringify(boxes)})`,
        returnByValue: true,
      });
      this.drawnOn = boxes.length ? root : undefined;
      if (boxes.length) this.changed();
      return true;
    });
  }

  /** Removes the outlines, and outdates any match under way. */
  clear(): Promise<void> {
    this.ticket++;
    return this.enqueue(async () => {
      const drawn = this.drawnOn;
      this.drawnOn = undefined;
      await this.removeFrom(drawn);
      if (drawn) this.changed();
    });
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private async removeFrom(root: TargetSession | undefined): Promise<void> {
    if (!root) return;
    await root
      .send("Runtime.evaluate", {
        expression: `for (const old of document.querySelectorAll(${JSON.stringify(OUTLINES_TAG)})) old.remove();`,
      })
      .catch(() => {}); // The tab closed, or its document is between two pages: nothing left to remove.
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }
}
