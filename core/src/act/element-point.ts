import type { TargetSession } from "../cdp/page-sessions.js";

/** A point in the page's (main frame's) viewport, in CSS pixels: where input events are aimed. */
export interface ViewportPoint {
  x: number;
  y: number;
}

type Quad = [number, number, number, number, number, number, number, number];

/**
 * Scrolls an element into view and returns the middle of its first visible box in the page's viewport,
 * where input events are aimed (the page's session routes them into any frame). `undefined` when the
 * element has no box (hidden, zero-sized, detached from layout).
 */
export async function elementPoint(
  session: TargetSession,
  backendNodeId: number,
): Promise<ViewportPoint | undefined> {
  await session.send("DOM.scrollIntoViewIfNeeded", { backendNodeId }).catch(() => {});
  const point = await pointNow(session, backendNodeId);
  return session.parent && point ? settledPoint(session, backendNodeId, point) : point;
}

/** How often, and how long at most, an out-of-process frame's element is looked at until it holds still. */
const SETTLE_READ_MS = 25;
const SETTLE_READS = 40;

/**
 * An element in an out-of-process frame, read again until it holds still in the page's viewport. The
 * frame scrolls it into view in its own process, and the page around the frame follows through the
 * browser a moment later: read at once, the frame's offset can still be the one from before the page
 * scrolled, and the click would land where the element was (on a loaded machine, past the screen's
 * bottom). The point is taken once it lies in the viewport and two reads a moment apart agree; an
 * element that never holds still (an animation) is clicked where it was last seen.
 */
async function settledPoint(
  session: TargetSession,
  backendNodeId: number,
  first: ViewportPoint,
): Promise<ViewportPoint | undefined> {
  const viewport = await viewportSize(topSession(session));
  let point: ViewportPoint | undefined = first;
  let before: ViewportPoint | undefined;
  for (let read = 0; point && read < SETTLE_READS; read++) {
    const inView = point.x >= 0 && point.y >= 0 && point.x < viewport.width && point.y < viewport.height;
    if (inView && before && point.x === before.x && point.y === before.y) return point;
    before = point;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_READ_MS));
    point = await pointNow(session, backendNodeId);
  }
  return point;
}

function topSession(session: TargetSession): TargetSession {
  let top = session;
  while (top.parent) top = top.parent;
  return top;
}

/** The page's visible area in CSS pixels, read from its (main frame's) session. */
export async function viewportSize(top: TargetSession): Promise<{ width: number; height: number }> {
  const { cssLayoutViewport } = await top.send("Page.getLayoutMetrics");
  return { width: cssLayoutViewport.clientWidth, height: cssLayoutViewport.clientHeight };
}

/** The middle of the element's first visible box in the page's viewport, as laid out now. */
async function pointNow(session: TargetSession, backendNodeId: number): Promise<ViewportPoint | undefined> {
  const { quads } = await session.send("DOM.getContentQuads", { backendNodeId });
  const quad = quads.filter(isQuad).find((q) => area(q) >= 1);
  if (!quad) return undefined;
  const offset = await frameOffset(session);
  return {
    x: (quad[0] + quad[2] + quad[4] + quad[6]) / 4 + offset.x,
    y: (quad[1] + quad[3] + quad[5] + quad[7]) / 4 + offset.y,
  };
}

/**
 * Where an out-of-process frame's viewport sits in the page's: the content box of its `<iframe>` in the
 * parent, plus the parent's own offset. Same-process frames need none: their quads come in page
 * coordinates already.
 */
async function frameOffset(session: TargetSession): Promise<ViewportPoint> {
  const parent = session.parent;
  if (!parent) return { x: 0, y: 0 };
  const { backendNodeId } = await parent.send("DOM.getFrameOwner", {
    frameId: session.targetId,
  });
  const { model } = await parent.send("DOM.getBoxModel", { backendNodeId });
  const above = await frameOffset(parent);
  return { x: (model.content[0] ?? 0) + above.x, y: (model.content[1] ?? 0) + above.y };
}

/** The protocol types a quad as `number[]`; four corners are eight numbers. */
function isQuad(q: number[]): q is Quad {
  return q.length === 8;
}

function area(q: Quad): number {
  // Shoelace formula: quads from the protocol may be rotated or skewed.
  let sum = 0;
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    sum += q[i * 2]! * q[j * 2 + 1]! - q[j * 2]! * q[i * 2 + 1]!;
  }
  return Math.abs(sum) / 2;
}
