import { takeSnapshot, type PageSessions } from "@loupe/core/engine";
import { StudioError } from "../../common/studio-error.js";
import { LIVE_WAIT_MS, READ_WAIT_MS, readWithin } from "../page-read-bound.js";
import type { StudioContext } from "../studio-context.js";
import { describe, describeElement, elementAtPoint, type ElementRef } from "./element-at-point.js";
import { pickedSelector } from "./picked-selector.js";

/** What the picker tells the renderer about an element. */
export interface InspectedElement {
  description: string;
  frameUrl?: string;
}

/**
 * The element picker and the snapshot view's highlight: find the element at a point (or by snapshot id),
 * draw the browser's own highlight on it, and turn a pick into a selector and its part of the snapshot.
 */
export class ElementPicker {
  /** Counts picks: a hover that was still finding its element when a pick came draws nothing. */
  private picks = 0;

  constructor(private readonly context: StudioContext) {}

  /**
   * Highlights the element at a point; null when there is none. Each call is bounded (the pick reads a
   * part of the snapshot too, so it has a read's bound): a tab stuck in a script answers no hit test.
   */
  inspect(x: number, y: number): Promise<InspectedElement | null> {
    return readWithin(this.inspectAt(x, y), LIVE_WAIT_MS);
  }

  /** The selector and snapshot part of the element at a point. */
  pick(x: number, y: number) {
    return readWithin(this.pickAt(x, y), READ_WAIT_MS);
  }

  /** Highlights the element with a snapshot id of the active tab's last snapshot. */
  highlightId(elementId: string): Promise<InspectedElement | null> {
    return readWithin(this.highlightElement(elementId), LIVE_WAIT_MS);
  }

  private async inspectAt(x: number, y: number): Promise<InspectedElement | null> {
    const picks = this.picks;
    const sessions = await this.sessions();
    const element = await elementAtPoint(sessions, x, y);
    if (picks !== this.picks) return null;
    if (!element) {
      await this.context.highlight.hide();
      return null;
    }
    await this.context.highlight.show(element);
    return this.inspected(sessions, element);
  }

  private async pickAt(x: number, y: number) {
    this.picks++;
    const sessions = await this.sessions();
    const element = await elementAtPoint(sessions, x, y);
    if (!element) throw new StudioError("no_element", "There is no element at that point of the page.");
    // Picking ends the picker: the hover highlight goes, and the pick shows in the panel instead.
    await this.context.highlight.hide();
    const [inspected, { selector, unique }] = await Promise.all([
      this.inspected(sessions, element),
      pickedSelector(sessions, element),
    ]);
    // The part of the snapshot is what `snapshot.get` with this selector shows: reading it here proves
    // the selector resolves. An element with no text of its own (an empty <div>) has an empty part.
    const snapshot = await takeSnapshot(sessions, { selector }).then(
      (taken) => this.context.secrets().redact(taken.text),
      () => "",
    );
    return { ...inspected, selector, unique, snapshot };
  }

  private async highlightElement(elementId: string): Promise<InspectedElement | null> {
    const page = this.context.tabs.active();
    const snapshot = this.context.snapshots.last(page);
    const element = snapshot?.elements.get(elementId);
    const session = snapshot?.sessionOf(elementId);
    if (!snapshot || !element || !session) {
      await this.context.highlight.hide();
      return null;
    }
    const ref: ElementRef = { session, backendNodeId: element.backendNodeId, frameId: element.frameId };
    try {
      await this.context.highlight.show(ref);
      await session
        .send("DOM.scrollIntoViewIfNeeded", { backendNodeId: element.backendNodeId })
        .catch(() => {});
    } catch {
      return null; // The page changed since the snapshot: the node is gone.
    }
    return this.inspected(await this.sessions(), ref);
  }

  private sessions(): Promise<PageSessions> {
    return this.context.sessionsFor(this.context.tabs.active());
  }

  private async inspected(sessions: PageSessions, element: ElementRef): Promise<InspectedElement> {
    const description = describeElement(await describe(element.session, element.backendNodeId));
    if (element.frameId === sessions.root.targetId) return { description };
    const { frameTree } = await element.session.send("Page.getFrameTree");
    const frameUrl = findFrameUrl(frameTree, element.frameId);
    return frameUrl ? { description, frameUrl } : { description };
  }
}

interface FrameTree {
  frame: { id: string; url: string };
  childFrames?: FrameTree[];
}

function findFrameUrl(tree: FrameTree, frameId: string): string | undefined {
  if (tree.frame.id === frameId) return tree.frame.url;
  for (const child of tree.childFrames ?? []) {
    const url = findFrameUrl(child, frameId);
    if (url) return url;
  }
  return undefined;
}
