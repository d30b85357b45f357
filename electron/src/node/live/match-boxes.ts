import type { MatchedElement, PageSessions, TargetSession } from "@loupe/core/engine";
import { clipInsets, releaseClipObjects } from "./overflow-clip.js";

/** A rectangle in CSS pixels of the main frame's viewport. */
export interface ViewportBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The visible boxes of some matched elements, and whether matches were left unexamined. */
export interface MatchBoxes {
  boxes: ViewportBox[];
  truncated: boolean;
  /**
   * The page's scroll position when the boxes were read, in CSS pixels: a box plus it is the element's
   * place in the document, whatever the page scrolled since.
   */
  scroll: { x: number; y: number };
}

/** How many elements' boxes are asked for at once: enough to be quick, few enough to stop near `max`. */
const BATCH = 50;

/**
 * How many matches are looked at for a box at most: a selector like `*` on a huge page matches many
 * elements with no box (`<head>`, hidden ones), and each costs a round trip. Past it, `truncated`.
 */
const MAX_EXAMINED = 5000;

type Offset = { x: number; y: number };

/** What one call reads once: each frame's clip and each session's offset. */
interface Lookups {
  clipOf: (frameId: string) => Promise<ViewportBox | undefined>;
  offsetOf: (session: TargetSession) => Promise<Offset>;
}

interface FrameEntry {
  session: TargetSession;
  /** The frame whose document holds this frame's `<iframe>`, when the same process draws both. */
  parentId?: string;
}

interface FrameTree {
  frame: { id: string; parentId?: string };
  childFrames?: FrameTree[];
}

/**
 * The boxes, in the page's viewport, of the matched elements a person can see there: each element's
 * border boxes (all of an inline element's fragments, as one rectangle), clipped to the viewport and to
 * every iframe it sits in. Elements with no layout (`display: none`, `<head>`) or scrolled out of view
 * have none. Stops once `max` boxes are found, or after `MAX_EXAMINED` matches: `truncated` then says
 * whether matches were left unexamined (some of which may be visible).
 */
export async function matchBoxes(
  sessions: PageSessions,
  matches: MatchedElement[],
  max: number,
): Promise<MatchBoxes> {
  const frames = await frameEntries(sessions);
  const { cssLayoutViewport } = await sessions.root.send("Page.getLayoutMetrics");
  const scroll = { x: cssLayoutViewport.pageX, y: cssLayoutViewport.pageY };
  const viewport = {
    x: 0,
    y: 0,
    width: cssLayoutViewport.clientWidth,
    height: cssLayoutViewport.clientHeight,
  };
  // Read once per call: an iframe may move between two calls, not within one.
  const offsets = new Map<TargetSession, Promise<Offset>>();
  const offsetOf = (session: TargetSession): Promise<Offset> => {
    let offset = offsets.get(session);
    if (!offset) {
      offset = sessionOffset(session, offsetOf);
      offsets.set(session, offset);
    }
    return offset;
  };
  const clips = new Map<string, Promise<ViewportBox | undefined>>();
  const clipOf = (frameId: string): Promise<ViewportBox | undefined> => {
    let clip = clips.get(frameId);
    if (!clip) {
      clip = frameClip(sessions, frames, frameId, viewport, { clipOf, offsetOf });
      clips.set(frameId, clip);
    }
    return clip;
  };
  try {
    return { ...(await visibleBoxes(sessions, frames, matches, max, { clipOf, offsetOf })), scroll };
  } finally {
    await releaseClipObjects(sessions.all());
  }
}

/** The boxes of `matchBoxes`, read in batches until `max` are found. */
async function visibleBoxes(
  sessions: PageSessions,
  frames: Map<string, FrameEntry>,
  matches: MatchedElement[],
  max: number,
  { clipOf, offsetOf }: Lookups,
): Promise<Omit<MatchBoxes, "scroll">> {
  const boxes: ViewportBox[] = [];
  let examined = 0;
  let dropped = false;
  const examinable = Math.min(matches.length, MAX_EXAMINED);
  while (examined < examinable && boxes.length < max) {
    const batch = matches.slice(examined, Math.min(examined + BATCH, examinable));
    examined += batch.length;
    const found = await Promise.all(
      batch.map(async (match) => {
        const session = frames.get(match.frameId)?.session ?? sessions.root;
        const [box, clip] = await Promise.all([
          elementBox(session, match.backendNodeId, offsetOf),
          clipOf(match.frameId),
        ]);
        return box && clip ? intersect(box, clip) : undefined;
      }),
    );
    for (const box of found) {
      if (!box) continue;
      if (boxes.length < max) boxes.push(box);
      else dropped = true;
    }
  }
  return { boxes, truncated: dropped || examined < matches.length };
}

/** Every frame of the page by id: the session that reads it, and its parent in that session. */
async function frameEntries(sessions: PageSessions): Promise<Map<string, FrameEntry>> {
  const entries = new Map<string, FrameEntry>();
  const trees = await Promise.all(
    sessions.all().map(async (session) => ({
      session,
      tree: (await session.send("Page.getFrameTree")).frameTree as FrameTree,
    })),
  );
  for (const { session, tree } of trees) {
    const walk = (node: FrameTree) => {
      // An out-of-process frame is read by its own session (whose target id it shares), not its parent's.
      const existing = entries.get(node.frame.id);
      if (!existing || node.frame.id === session.targetId)
        entries.set(node.frame.id, {
          session,
          ...(node.frame.parentId && node.frame.id !== session.targetId
            ? { parentId: node.frame.parentId }
            : {}),
        });
      for (const child of node.childFrames ?? []) walk(child);
    };
    walk(tree);
  }
  return entries;
}

/**
 * What of the viewport a frame shows: the content box of its `<iframe>`, within what the frame holding
 * that `<iframe>` shows. The main frame shows the viewport. Undefined when the frame shows nothing.
 */
async function frameClip(
  sessions: PageSessions,
  frames: Map<string, FrameEntry>,
  frameId: string,
  viewport: ViewportBox,
  { clipOf, offsetOf }: Lookups,
): Promise<ViewportBox | undefined> {
  if (frameId === sessions.root.targetId) return viewport;
  const entry = frames.get(frameId);
  if (!entry) return undefined;
  // A same-process frame's <iframe> is in the same session; an out-of-process frame's is in its parent's.
  const ownerSession = entry.parentId ? entry.session : entry.session.parent;
  if (!ownerSession) return undefined;
  const parentFrame =
    entry.parentId ??
    [...frames.entries()].find(
      ([id, candidate]) => candidate.session === ownerSession && id === ownerSession.targetId,
    )?.[0] ??
    sessions.root.targetId;
  try {
    const { backendNodeId } = await ownerSession.send("DOM.getFrameOwner", { frameId });
    const { model } = await ownerSession.send("DOM.getBoxModel", { backendNodeId });
    const offset = await offsetOf(ownerSession);
    const owner = boundsOf([model.content], offset);
    const above = await clipOf(parentFrame);
    return owner && above ? intersect(owner, above) : undefined;
  } catch {
    return undefined; // The frame went away while it was read.
  }
}

/**
 * An element's border boxes as one rectangle in the page's viewport, less what its scrolling and
 * clipping ancestors hide; undefined when it has no layout or they hide it all.
 */
async function elementBox(
  session: TargetSession,
  backendNodeId: number,
  offsetOf: Lookups["offsetOf"],
): Promise<ViewportBox | undefined> {
  try {
    const [{ quads }, insets] = await Promise.all([
      session.send("DOM.getContentQuads", { backendNodeId }),
      clipInsets(session, backendNodeId),
    ]);
    const box = boundsOf(quads, await offsetOf(session));
    if (!box || !insets) return undefined;
    const width = box.width - insets.left - insets.right;
    const height = box.height - insets.top - insets.bottom;
    if (width < 1 || height < 1) return undefined;
    return { x: box.x + insets.left, y: box.y + insets.top, width, height };
  } catch {
    return undefined; // No layout (display: none, <head>), or the node left the page.
  }
}

/**
 * Where an out-of-process frame's viewport sits in the page's (its `<iframe>`'s content box, plus the
 * parent's own offset): its quads come in the coordinates of the process that lays it out. Same-process
 * frames need none: their quads come in page coordinates already.
 */
async function sessionOffset(session: TargetSession, offsetOf: Lookups["offsetOf"]): Promise<Offset> {
  const parent = session.parent;
  if (!parent) return { x: 0, y: 0 };
  const { backendNodeId } = await parent.send("DOM.getFrameOwner", { frameId: session.targetId });
  const { model } = await parent.send("DOM.getBoxModel", { backendNodeId });
  const above = await offsetOf(parent);
  return { x: (model.content[0] ?? 0) + above.x, y: (model.content[1] ?? 0) + above.y };
}

/** The rectangle around quads (eight numbers each) with an area, moved by `offset`. */
function boundsOf(quads: number[][], offset: Offset): ViewportBox | undefined {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const quad of quads) {
    if (quad.length !== 8) continue;
    const xs = [quad[0]!, quad[2]!, quad[4]!, quad[6]!];
    const ys = [quad[1]!, quad[3]!, quad[5]!, quad[7]!];
    if (Math.max(...xs) - Math.min(...xs) < 1 || Math.max(...ys) - Math.min(...ys) < 1) continue;
    left = Math.min(left, ...xs);
    top = Math.min(top, ...ys);
    right = Math.max(right, ...xs);
    bottom = Math.max(bottom, ...ys);
  }
  if (left === Infinity) return undefined;
  return { x: left + offset.x, y: top + offset.y, width: right - left, height: bottom - top };
}

/** The part of `box` inside `clip`; undefined when less than a pixel of it is. */
export function intersect(box: ViewportBox, clip: ViewportBox): ViewportBox | undefined {
  const x = Math.max(box.x, clip.x);
  const y = Math.max(box.y, clip.y);
  const right = Math.min(box.x + box.width, clip.x + clip.width);
  const bottom = Math.min(box.y + box.height, clip.y + clip.height);
  if (right - x < 1 || bottom - y < 1) return undefined;
  return { x, y, width: right - x, height: bottom - y };
}
