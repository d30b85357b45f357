import type { TargetSession } from "../cdp/page-sessions.js";
import { CAPTURED_STYLES, DomDocument, readDocument } from "./dom-document.js";

/** One frame of the page as captured: its document and where it hangs in its parent. */
export interface CapturedFrame {
  frameId: string;
  /** The session that can address this frame's nodes. */
  session: TargetSession;
  document: DomDocument;
  /** The `<iframe>` (or `<frame>`, `<object>`) holding this frame in its parent; undefined for the page. */
  owner?: { frameId: string; nodeIndex: number; backendNodeId: number };
}

/** Every frame of a page, captured in one pass, and whether the main frame stayed on one document. */
export interface PageCapture {
  frames: Map<string, CapturedFrame>;
  mainFrameId: string;
  /** Whether the main frame committed a new document while it was captured (the capture then mixes two). */
  navigated: boolean;
  /** The main frame's document (its loader id) when the capture ended. */
  mainLoaderId: string;
  /** The frame shown by the frame owner element at `nodeIndex` of frame `frameId`, if it was captured. */
  childFrame(frameId: string, nodeIndex: number): string | undefined;
}

/**
 * Captures every frame of a page: one `DOMSnapshot.captureSnapshot` per target, which returns the
 * documents of every frame that target's process renders (the page and its same-process iframes, with
 * their shadow trees), and one per out-of-process iframe, whose `<iframe>` element its parent's process
 * names (`DOM.getFrameOwner`). Every command goes out at once: a target handles its commands in order, so
 * the page's frame tree read before and after its capture says whether a navigation cut through it, at no
 * extra wait; the whole read takes about as long as the slowest single capture.
 */
export async function capturePage(sessions: TargetSession[]): Promise<PageCapture> {
  const root = sessions.find((session) => !session.parent);
  if (!root) throw new Error("the page's own session is missing");
  const treeBefore = root.send("Page.getFrameTree");
  const captures = sessions.map((session) => ({
    session,
    answer: session.send("DOMSnapshot.captureSnapshot", { computedStyles: [...CAPTURED_STYLES] }),
  }));
  const treeAfter = root.send("Page.getFrameTree");
  // An out-of-process iframe's target id is its frame id; its parent's process knows its owner element.
  const ownerLookups = sessions.flatMap((session) =>
    session.parent
      ? [
          {
            session,
            owner: session.parent.send("DOM.getFrameOwner", {
              frameId: session.targetId,
            }),
          },
        ]
      : [],
  );
  // Everything is in flight: a failure of one must not leave the others' failures unhandled.
  for (const pending of [
    treeBefore,
    treeAfter,
    ...captures.map((c) => c.answer),
    ...ownerLookups.map((o) => o.owner),
  ])
    pending.catch(() => {});

  const [before, after] = await Promise.all([treeBefore, treeAfter]);
  const frames = new Map<string, CapturedFrame>();
  const owners = new Map<string, string>();
  const decodedBySession = new Map<TargetSession, DomDocument[]>();
  for (const { session, answer } of captures) {
    let documents: DomDocument[];
    try {
      const { documents: snapshots, strings } = await answer;
      documents = snapshots.map(
        (snapshot) => new DomDocument(readDocument(snapshot), strings, strings[snapshot.frameId] ?? ""),
      );
    } catch (error) {
      // An out-of-process frame that went away mid-read is simply not shown; the page itself must be read.
      if (session === root) throw error;
      continue;
    }
    decodedBySession.set(session, documents);
    for (const document of documents) {
      if (document.frameId && !frames.has(document.frameId))
        frames.set(document.frameId, { frameId: document.frameId, session, document });
    }
    // Same-process child frames: their owner element points at their document in this capture.
    for (const document of documents) {
      const owner = frames.get(document.frameId);
      for (const [nodeIndex, child] of document.contentDocuments()) {
        const childFrame = frames.get(documents[child]?.frameId ?? "");
        if (!owner || !childFrame || childFrame.owner) continue;
        childFrame.owner = {
          frameId: owner.frameId,
          nodeIndex,
          backendNodeId: document.backendId(nodeIndex),
        };
        owners.set(`${owner.frameId} ${nodeIndex}`, childFrame.frameId);
      }
    }
  }
  for (const { session, owner } of ownerLookups) {
    const frame = frames.get(session.targetId);
    const parentDocuments = session.parent ? decodedBySession.get(session.parent) : undefined;
    if (!frame || !parentDocuments) continue;
    let backendNodeId: number;
    try {
      ({ backendNodeId } = await owner);
    } catch {
      continue; // The frame detached between the capture and the lookup: it is simply not shown.
    }
    // Backend node ids are unique within a process: whichever of the parent's documents holds it.
    for (const document of parentDocuments) {
      const nodeIndex = document.snapshot.nodes.backendNodeId.indexOf(backendNodeId);
      if (nodeIndex < 0) continue;
      frame.owner = { frameId: document.frameId, nodeIndex, backendNodeId };
      owners.set(`${document.frameId} ${nodeIndex}`, frame.frameId);
      break;
    }
  }
  return {
    frames,
    mainFrameId: before.frameTree.frame.id,
    navigated: before.frameTree.frame.loaderId !== after.frameTree.frame.loaderId,
    mainLoaderId: after.frameTree.frame.loaderId,
    childFrame: (frameId, nodeIndex) => owners.get(`${frameId} ${nodeIndex}`),
  };
}
