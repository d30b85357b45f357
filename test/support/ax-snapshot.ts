/**
 * The accessibility-tree engine Loupe used before its DOM engine, kept as the reference the cross-check
 * test compares the DOM engine against: Chromium's own `Accessibility.getFullAXTree` for every frame,
 * turned into the same semantic tree (`semantic-node.ts`) the DOM engine builds, so both are written by
 * the same renderer and differ only in what they understood of the page.
 */
import type { TargetSession } from "../../core/src/cdp/page-sessions.js";
import type { SemanticNode, SemanticPage } from "../../core/src/snapshot/semantic-node.js";

/** The part of CDP's `Accessibility.AXNode` the snapshot reads. */
export interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  value?: { value?: unknown };
  properties?: { name: string; value: { value?: unknown } }[];
  childIds?: string[];
  backendDOMNodeId?: number;
}

/** One frame's accessibility tree, with where its child frames hang. */
export interface FrameTree {
  frameId: string;
  /** The session that can address this frame's nodes. */
  session: TargetSession;
  /** Nodes by AX node id. */
  nodes: Map<string, AXNode>;
  /** The root node (the frame's RootWebArea). */
  root: AXNode | undefined;
  /** Child frames by the backend node id of their owner element (`<iframe>`) in this frame. */
  childFrames: Map<number, string>;
}

interface CdpFrame {
  frame: { id: string; parentId?: string; loaderId: string };
  childFrames?: CdpFrame[];
}

/** Every frame of a page, read in one pass: trees by frame id, and the main frame's document identity. */
export interface PageTrees {
  frames: Map<string, FrameTree>;
  mainFrameId: string;
  /** Changes when the main frame commits a new document: compared before and after a read. */
  mainLoaderId: string;
}

/**
 * Reads the accessibility tree of every frame of a page: same-process frames through the page's session,
 * out-of-process frames through their own. All commands go out at once, so the time is close to the
 * slowest single `Accessibility.getFullAXTree` rather than the sum over frames.
 */
export async function readPageTrees(sessions: TargetSession[]): Promise<PageTrees> {
  const frames = new Map<string, FrameTree>();
  const ownerLookups: Promise<void>[] = [];
  let mainFrameId = "";
  let mainLoaderId = "";

  await Promise.all(
    sessions.map(async (session) => {
      // The session's own frame needs no frame tree to be read: ask for it while the tree comes.
      const rootRead = session.send("Accessibility.getFullAXTree");
      // Awaited only once the frame tree has come: if that fails first, this one's failure is not unhandled.
      rootRead.catch(() => {});
      const { frameTree } = await session.send("Page.getFrameTree");
      if (!session.parent) {
        mainFrameId = frameTree.frame.id;
        mainLoaderId = frameTree.frame.loaderId;
      } else if (frameTree.frame.parentId) {
        ownerLookups.push(linkOwner(session.parent, frameTree.frame.parentId, frameTree.frame.id, frames));
      }
      const reads: Promise<void>[] = [store(frames, session, frameTree.frame.id, rootRead)];
      for (const child of descendants(frameTree)) {
        const read = session.send("Accessibility.getFullAXTree", {
          frameId: child.frame.id,
        });
        reads.push(store(frames, session, child.frame.id, read));
        ownerLookups.push(linkOwner(session, child.frame.parentId ?? "", child.frame.id, frames));
      }
      await Promise.all(reads);
    }),
  );
  await Promise.all(ownerLookups);
  return { frames, mainFrameId, mainLoaderId };
}

async function store(
  frames: Map<string, FrameTree>,
  session: TargetSession,
  frameId: string,
  read: Promise<{ nodes: AXNode[] }>,
): Promise<void> {
  const { nodes } = await read;
  const byId = new Map<string, AXNode>();
  for (const node of nodes) byId.set(node.nodeId, node);
  const tree = ensureFrame(frames, frameId, session);
  tree.nodes = byId;
  tree.root = nodes[0];
}

async function linkOwner(
  session: TargetSession,
  parentFrameId: string,
  frameId: string,
  frames: Map<string, FrameTree>,
): Promise<void> {
  try {
    const { backendNodeId } = await session.send("DOM.getFrameOwner", { frameId });
    ensureFrame(frames, parentFrameId, session).childFrames.set(backendNodeId, frameId);
  } catch {
    // A frame detached between reading the tree and asking for its owner: it is simply not shown.
  }
}

function ensureFrame(frames: Map<string, FrameTree>, frameId: string, session: TargetSession): FrameTree {
  let tree = frames.get(frameId);
  if (!tree) {
    tree = { frameId, session, nodes: new Map(), root: undefined, childFrames: new Map() };
    frames.set(frameId, tree);
  }
  return tree;
}

function* descendants(tree: CdpFrame): Generator<CdpFrame> {
  for (const child of tree.childFrames ?? []) {
    yield child;
    yield* descendants(child);
  }
}

/** Turns the accessibility trees into the semantic tree the renderer writes. */
export function axSemanticPage(trees: PageTrees): SemanticPage {
  const built = new Map<string, SemanticNode | undefined>();
  const convert = (tree: FrameTree, node: AXNode): SemanticNode | undefined => {
    const role = stringOf(node.role?.value);
    if (role === "InlineTextBox") return undefined;
    const children: SemanticNode[] = [];
    for (const id of node.childIds ?? []) {
      const child = tree.nodes.get(id);
      const converted = child && convert(tree, child);
      if (converted) children.push(converted);
    }
    const property = (name: string) => {
      const found = node.properties?.find((p) => p.name === name);
      return found ? stringOf(found.value.value) : undefined;
    };
    const semantic: SemanticNode = {
      role,
      name: stringOf(node.name?.value),
      backendNodeId: node.backendDOMNodeId ?? -1,
    };
    if (node.ignored) semantic.ignored = true;
    const value = stringOf(node.value?.value);
    if (value) semantic.value = value;
    const checked = property("checked");
    if (checked === "true" || checked === "mixed") semantic.checked = checked;
    if (property("selected") === "true") semantic.selected = true;
    if (property("disabled") === "true") semantic.disabled = true;
    if (property("readonly") === "true") semantic.readonly = true;
    // Chromium says every <select> is collapsed; the DOM engine shows only what aria-expanded says.
    const expanded = role === "combobox" ? undefined : property("expanded");
    if (expanded !== undefined) semantic.expanded = expanded === "true";
    const url = role === "link" ? property("url") : undefined;
    if (url) semantic.url = url;
    if (children.length) semantic.children = children;
    if (node.backendDOMNodeId !== undefined) {
      const childFrameId = tree.childFrames.get(node.backendDOMNodeId);
      if (childFrameId) semantic.childFrameId = childFrameId;
    }
    return semantic;
  };
  return {
    mainFrameId: trees.mainFrameId,
    frame(frameId) {
      const tree = trees.frames.get(frameId);
      if (!tree?.root) return undefined;
      if (!built.has(frameId)) built.set(frameId, convert(tree, tree.root));
      const root = built.get(frameId);
      return root ? { frameId, root } : undefined;
    },
  };
}

function stringOf(value: unknown): string {
  return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
}
