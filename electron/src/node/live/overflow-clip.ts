import type { TargetSession } from "@loupe/core/engine";

/** How much of an element's box its scrolling or clipping ancestors hide, side by side, in CSS pixels. */
export interface ClipInsets {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Runs on the element, in its own frame: the part of its border box that every ancestor which clips it
 * lets show (`overflow` other than `visible`, padding box without scrollbars), as insets from its box;
 * null when nothing shows. It walks the containing-block chain, not the DOM's: an absolutely positioned
 * element is clipped only by positioned ancestors (and those between them), and a fixed one by none.
 * The viewport and the frames are left to the caller; the root and `<body>` (whose overflow is the
 * viewport's) clip nothing here. Shadow roots are crossed to their host, slotted elements to their slot.
 */
const CLIP_FUNCTION = `function () {
  const box = this.getBoundingClientRect();
  let left = box.left, top = box.top, right = box.right, bottom = box.bottom;
  let node = this;
  let position = getComputedStyle(this).position;
  while (position !== "fixed") {
    let parent = node.assignedSlot || node.parentElement;
    if (!parent) {
      const root = node.getRootNode();
      parent = root && root.host ? root.host : null;
    }
    if (!parent || parent === document.documentElement || parent === document.body) break;
    node = parent;
    const style = getComputedStyle(parent);
    // An absolutely positioned box escapes the overflow of static ancestors between it and its
    // containing block.
    if (position === "absolute" && style.position === "static" && style.transform === "none") continue;
    position = style.position;
    const clipsX = style.overflowX !== "visible";
    const clipsY = style.overflowY !== "visible";
    if (!clipsX && !clipsY) continue;
    const outer = parent.getBoundingClientRect();
    const innerLeft = outer.left + parent.clientLeft;
    const innerTop = outer.top + parent.clientTop;
    if (clipsX) {
      left = Math.max(left, innerLeft);
      right = Math.min(right, innerLeft + parent.clientWidth);
    }
    if (clipsY) {
      top = Math.max(top, innerTop);
      bottom = Math.min(bottom, innerTop + parent.clientHeight);
    }
    if (right - left < 1 || bottom - top < 1) return null;
  }
  return { left: left - box.left, top: top - box.top, right: box.right - right, bottom: box.bottom - bottom };
}`;

/** The object group the elements are resolved in, released after each measurement. */
export const CLIP_OBJECT_GROUP = "loupe-selector-outlines";

/**
 * How much of an element its clipping ancestors hide (a list scrolled inside its box, a card with
 * `overflow: hidden`): undefined when they hide all of it, no insets when it is not in the page now.
 */
export async function clipInsets(
  session: TargetSession,
  backendNodeId: number,
): Promise<ClipInsets | undefined> {
  const { object } = await session.send("DOM.resolveNode", { backendNodeId, objectGroup: CLIP_OBJECT_GROUP });
  if (!object.objectId) return { left: 0, top: 0, right: 0, bottom: 0 };
  const { result } = await session.send("Runtime.callFunctionOn", {
    objectId: object.objectId,
    functionDeclaration: CLIP_FUNCTION,
    returnByValue: true,
  });
  return (result.value as ClipInsets | null) ?? undefined;
}

/** Lets the browser forget the elements a measurement resolved. */
export async function releaseClipObjects(sessions: readonly TargetSession[]): Promise<void> {
  await Promise.all(
    sessions.map((session) =>
      session.send("Runtime.releaseObjectGroup", { objectGroup: CLIP_OBJECT_GROUP }).catch(() => {}),
    ),
  );
}
