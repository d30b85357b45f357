import type { PageSessions, TargetSession } from "@loupe/core/engine";

/** An element of a page, addressed the way CDP needs it: the session of its process and its node. */
export interface ElementRef {
  session: TargetSession;
  backendNodeId: number;
  /** The frame the element lives in (the main frame's id is the page's target id). */
  frameId: string;
}

interface DescribedNode {
  nodeName: string;
  frameId?: string;
  attributes?: string[];
}

/** How many out-of-process iframes deep the hit test follows (guards against a cycle). */
const MAX_DEPTH = 8;

const domEnabled = new WeakSet<TargetSession>();

/** Enables the DOM domain once per session (hit testing and highlighting need it). */
export async function enableDom(session: TargetSession): Promise<void> {
  if (domEnabled.has(session)) return;
  await session.send("DOM.enable");
  domEnabled.add(session);
}

/**
 * The element at a point of the page (CSS pixels of the main frame's viewport). The browser's hit test
 * already enters same-process iframes and shadow roots; an out-of-process iframe is only its `<iframe>`
 * element to the parent's process, so the point is moved into the iframe's content box and the hit
 * test runs again in the iframe's own session.
 */
export async function elementAtPoint(
  sessions: PageSessions,
  x: number,
  y: number,
): Promise<ElementRef | undefined> {
  let session = sessions.root;
  let px = x;
  let py = y;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    await enableDom(session);
    let hit: { backendNodeId: number; frameId: string };
    try {
      hit = await session.send("DOM.getNodeForLocation", {
        x: Math.round(px),
        y: Math.round(py),
        includeUserAgentShadowDOM: false,
        ignorePointerEventsNone: true,
      });
    } catch {
      return undefined; // Nothing there (outside the page, or the page is between documents).
    }
    const node = await describe(session, hit.backendNodeId);
    const child = node.frameId
      ? sessions.all().find((s) => s.targetId === node.frameId && s !== session)
      : undefined;
    if (!child || node.nodeName !== "IFRAME")
      return { session, backendNodeId: hit.backendNodeId, frameId: hit.frameId };
    const { model } = await session.send("DOM.getBoxModel", {
      backendNodeId: hit.backendNodeId,
    });
    px -= model.content[0] ?? 0;
    py -= model.content[1] ?? 0;
    session = child;
  }
  return undefined;
}

/** CDP's description of a node. */
export async function describe(session: TargetSession, backendNodeId: number): Promise<DescribedNode> {
  const { node } = await session.send("DOM.describeNode", { backendNodeId });
  return node;
}

/** `tag#id.class.class`: how a person recognises an element in a tooltip. */
export function describeElement(node: DescribedNode): string {
  const attributes = new Map<string, string>();
  const list = node.attributes ?? [];
  for (let i = 0; i + 1 < list.length; i += 2) attributes.set(list[i] ?? "", list[i + 1] ?? "");
  const id = attributes.get("id");
  const classes = (attributes.get("class") ?? "").split(/\s+/).filter(Boolean).slice(0, 3);
  return node.nodeName.toLowerCase() + (id ? `#${id}` : "") + classes.map((c) => `.${c}`).join("");
}
