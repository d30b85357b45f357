import type { MatchedElement, PageSessions } from "@loupe/core/engine";
import { matchBoxes, type ViewportBox } from "./match-boxes.js";
import type { SelectorOutlines } from "./selector-outlines.js";

/** The elements a selector matched on a tab, whose outlines follow them. */
export interface FollowedMatch {
  pageId: string;
  selector: string;
  sessions: PageSessions;
  matches: MatchedElement[];
  /** The ticket the match drew with: a newer match or a clear outdates it, and following stops. */
  ticket: number;
}

/** Where the matched elements are now, as the selector box reports a match. */
export interface MovedOutlines {
  pageId: string;
  selector: string;
  count: number;
  boxes: ViewportBox[];
  truncated: boolean;
}

/** The quickest the outlines are measured again while the page moves: about eight times a second. */
const FASTEST_MS = 120;
/**
 * The slowest, reached on a page that keeps repainting while the outlined elements stay put (an
 * animation elsewhere): each quiet measurement doubles the wait up to it, a moved one resets it.
 */
const SLOWEST_MS = 960;

/**
 * Keeps the selector box's outlines on their elements while the page moves under them: an element in a
 * box scrolled on its own, under a fixed header, in an iframe that scrolled, or moved by the page's
 * script. The outlines are drawn in document pixels, so a plain page scroll needs nothing; everything
 * else shows as a repaint, so each screencast frame of the tab has the matched elements' boxes read
 * again (by their node ids: the selector is not matched again, so the outlines are not taken off the
 * page first) and drawn only where they changed — which makes one frame more, whose measurement finds
 * nothing moved, and the loop ends. Measurements never overlap, and come at most every FASTEST_MS.
 */
export class OutlineFollower {
  private followed: (FollowedMatch & { stopFrames: () => void }) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private measuring = false;
  private again = false;
  private waitMs = FASTEST_MS;
  private lastAt = 0;

  /** `onMoved` hears where the elements are each time the outlines were drawn again. */
  constructor(
    private readonly outlines: SelectorOutlines,
    private readonly maxBoxes: number,
    private readonly onMoved: (moved: MovedOutlines) => void,
  ) {
    // A run hid the outlines: the page may have changed under them meanwhile.
    outlines.onShown(() => this.soon(0));
  }

  /** Follows a match's elements from now on, instead of any before. */
  follow(match: FollowedMatch): void {
    this.stop();
    const stopFrames = match.sessions.on("Page.screencastFrame", (_, session) => {
      if (session === match.sessions.root) this.soon();
    });
    this.followed = { ...match, stopFrames };
    this.waitMs = FASTEST_MS;
  }

  /** Stops following (the box was emptied, or the tab navigated or went away). */
  stop(): void {
    this.followed?.stopFrames();
    this.followed = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private soon(delayMs?: number): void {
    if (!this.followed || this.timer) return;
    const wait = delayMs ?? Math.max(0, this.lastAt + this.waitMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.measure();
    }, wait);
    this.timer.unref?.();
  }

  private async measure(): Promise<void> {
    if (this.measuring) {
      this.again = true;
      return;
    }
    const followed = this.followed;
    if (!followed) return;
    if (!this.outlines.isCurrent(followed.ticket)) return this.stop();
    if (this.outlines.hidden) return; // shown again later, and measured then
    this.measuring = true;
    this.lastAt = Date.now();
    try {
      const { boxes, truncated, scroll } = await matchBoxes(
        followed.sessions,
        followed.matches,
        this.maxBoxes,
      );
      if (this.followed !== followed) return;
      const outcome = await this.outlines.draw(followed.sessions.root, boxes, scroll, followed.ticket);
      if (outcome === "outdated") return this.stop();
      this.waitMs = outcome === "drawn" ? FASTEST_MS : Math.min(this.waitMs * 2, SLOWEST_MS);
      if (outcome === "drawn") {
        const { pageId, selector, matches } = followed;
        this.onMoved({ pageId, selector, count: matches.length, boxes, truncated });
      }
    } catch {
      // The page is between two documents, or its tab closed: the tab's own change stops the following.
    } finally {
      this.measuring = false;
      if (this.again) {
        this.again = false;
        this.soon();
      }
    }
  }
}
