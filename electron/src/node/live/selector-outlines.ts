import type { TargetSession } from "@loupe/core/engine";
import { LIVE_WAIT_MS, readWithin } from "../page-read-bound.js";
import { settledWithin } from "../settled-within.js";
import type { ViewportBox } from "./match-boxes.js";

/** The element that holds the outlines in the page: a name no page uses, so no page rule styles it. */
export const OUTLINES_TAG = "loupe-selector-outlines";

/**
 * Runs in the page: replaces the outlines with one box per rectangle, placed in document pixels (a box
 * read at `scroll` plus that scroll) so they scroll with the page. Outlines already showing these boxes
 * (the same `key`) are left alone and it answers -1: a page that did not move is not repainted, so
 * following it makes no new frame to follow. The holder is `aria-hidden` and inert, so snapshots and
 * assistive technology skip it, lets every pointer event through (the picker's hit test and act's clicks
 * pass it), and keeps its boxes in a closed shadow root with `:host` rules marked important, which win
 * over any rule of the page. It says how many boxes it draws in `data-boxes`, for tests and devtools.
 */
const DRAW_FUNCTION = `function (tag, boxes, scroll, key) {
  const held = document.querySelectorAll(tag);
  if (held.length === 1 && held[0].getAttribute("data-key") === key && held[0].isConnected) return -1;
  for (const old of held) old.remove();
  if (!boxes.length || !document.documentElement) return 0;
  const host = document.createElement(tag);
  host.setAttribute("aria-hidden", "true");
  host.setAttribute("inert", "");
  host.setAttribute("data-boxes", String(boxes.length));
  host.setAttribute("data-key", key);
  const root = host.attachShadow({ mode: "closed" });
  const style = document.createElement("style");
  style.textContent =
    ":host{all:initial!important;display:block!important;position:absolute!important;left:0!important;" +
    "top:0!important;width:0!important;height:0!important;overflow:visible!important;" +
    "z-index:2147483647!important;pointer-events:none!important}" +
    "div{position:absolute;box-sizing:border-box;border:2px solid #e8710a;" +
    "background:rgba(232,113,10,0.18);pointer-events:none}";
  root.append(style);
  for (const box of boxes) {
    const outline = document.createElement("div");
    outline.style.left = box.x + scroll.x + "px";
    outline.style.top = box.y + scroll.y + "px";
    outline.style.width = box.width + "px";
    outline.style.height = box.height + "px";
    root.append(outline);
  }
  document.documentElement.append(host);
  return boxes.length;
}`;

/** How long a run waits for the outlines to leave the page before it starts anyway. */
const HIDE_WAIT_MS = 1000;

/** What a drawing did: drew (or removed) outlines, found them already right, or was not allowed to. */
export type DrawOutcome = "drawn" | "unchanged" | "outdated" | "hidden";

/**
 * The selector box's outlines on the live page: drawn into the page's own document (CDP's overlay draws
 * one element at a time), so the screencast shows them. Only the latest match draws: each match takes a
 * ticket, and a slower match for an older selector finds its ticket outdated and draws nothing. Work runs
 * in the order it was asked for, like the element highlight's.
 *
 * A run hides them (`hide`) from its start until its history picture is taken: what a run sends the
 * model — a screenshot — and what the history shows are the page, not the Studio's marks. Whoever
 * follows the outlines hears when they may show again (`onShown`).
 */
export class SelectorOutlines {
  private ticket = 0;
  private drawnOn: TargetSession | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private readonly shownListeners = new Set<() => void>();
  /** Runs under way that hide the outlines. */
  private holds = 0;

  /** Hears every drawing and removal (the screencast makes sure a frame shows it). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears when the last run that hid the outlines let them show again. */
  onShown(listener: () => void): () => void {
    this.shownListeners.add(listener);
    return () => this.shownListeners.delete(listener);
  }

  /** Whether a run is hiding the outlines now. */
  get hidden(): boolean {
    return this.holds > 0;
  }

  /** Whether `ticket` is still the latest match's: its outlines may be drawn. */
  isCurrent(ticket: number): boolean {
    return ticket === this.ticket;
  }

  /**
   * Starts a match on a page: outdates every earlier ticket and removes the outlines (a selector like
   * `*` or `div` would match them otherwise). Answers the ticket to draw with.
   */
  async begin(root: TargetSession): Promise<number> {
    const ticket = ++this.ticket;
    await this.enqueue(async () => {
      const drawn = this.drawnOn;
      await this.removeDrawn();
      // And from the page matched, whatever it holds: a selector must never meet outlines.
      if (root !== drawn) await this.removeFrom(root);
    });
    return ticket;
  }

  /**
   * Draws the boxes (viewport pixels read at `scroll`) when `ticket` is still the latest and no run
   * hides the outlines; boxes already drawn are left as they are.
   */
  draw(
    root: TargetSession,
    boxes: ViewportBox[],
    scroll: { x: number; y: number },
    ticket: number,
  ): Promise<DrawOutcome> {
    return this.enqueue(async (): Promise<DrawOutcome> => {
      if (ticket !== this.ticket) return "outdated";
      if (this.holds > 0) return "hidden";
      await this.removeFrom(this.drawnOn !== root ? this.drawnOn : undefined);
      // Bounded, as the removals: every tab's outlines queue here, behind a page that may never answer.
      const { result } = await readWithin(
        root.send("Runtime.evaluate", {
          expression: `(${DRAW_FUNCTION})(${[OUTLINES_TAG, boxes, scroll, placementKey(boxes, scroll)].map((argument) => JSON.stringify(argument)).join(", ")})`,
          returnByValue: true,
        }),
        LIVE_WAIT_MS,
      );
      this.drawnOn = boxes.length ? root : undefined;
      if (result.value === -1) return "unchanged";
      this.changed();
      return "drawn";
    });
  }

  /**
   * Takes the outlines off the page until the answer is called (once; later calls do nothing). Runs may
   * overlap: they show again when the last one lets them.
   */
  async hide(): Promise<() => void> {
    this.holds++;
    // Bounded: a page that does not answer (a dialog open) must not hold the run up.
    await settledWithin(
      this.enqueue(() => this.removeDrawn()),
      HIDE_WAIT_MS,
    );
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0) for (const listener of this.shownListeners) listener();
    };
  }

  /** Removes the outlines, and outdates any match under way. */
  clear(): Promise<void> {
    this.ticket++;
    return this.enqueue(() => this.removeDrawn());
  }

  /** Takes the outlines off the page they were drawn on, and says so. */
  private async removeDrawn(): Promise<void> {
    const drawn = this.drawnOn;
    this.drawnOn = undefined;
    await this.removeFrom(drawn);
    if (drawn) this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private async removeFrom(root: TargetSession | undefined): Promise<void> {
    if (!root) return;
    // The tab closed, its document is between two pages, or it is stuck in a script: nothing to remove,
    // or nothing to wait for.
    await settledWithin(
      root.send("Runtime.evaluate", {
        expression: `for (const old of document.querySelectorAll(${JSON.stringify(OUTLINES_TAG)})) old.remove();`,
      }),
      LIVE_WAIT_MS,
    );
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }
}

/**
 * Where the boxes sit in the document, to the pixel, as one string: the same for a page scrolled with
 * its outlined elements (their document places do not change), different once one of them moved.
 */
function placementKey(boxes: ViewportBox[], scroll: { x: number; y: number }): string {
  return boxes
    .map((box) =>
      [box.x + scroll.x, box.y + scroll.y, box.width, box.height].map((n) => Math.round(n)).join(","),
    )
    .join(";");
}
