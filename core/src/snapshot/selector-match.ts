import type { TargetSession } from "../cdp/page-sessions.js";
import { CdpCommandError } from "../cdp/cdp-connection.js";
import { ClientError, ClientIframeError, ContentFrameNotFoundError } from "../errors.js";
import { callFunctionOn } from "../cdp/call-function.js";

/** An element found by a selector: the frame it lives in and its backend node id. */
export interface MatchedElement {
  frameId: string;
  backendNodeId: number;
  /**
   * Backend node ids of everything inside the element within its frame: descendants, text nodes and
   * shadow-root content. Many elements (an inline `<span>`) have no accessibility node of their own, so
   * leaving one out of a snapshot means leaving out these.
   */
  descendants: number[];
}

/** The part of CDP's `DOM.Node` that selector matching walks. */
interface DomNode {
  nodeId: number;
  backendNodeId: number;
  nodeType: number;
  nodeName?: string;
  /** Set on frame owners (`<iframe>`, `<frame>`): the frame they hold. */
  frameId?: string;
  children?: DomNode[];
  shadowRoots?: (DomNode & { shadowRootType?: string })[];
  contentDocument?: DomNode;
}

/** A place a selector is run from: a frame's document or a shadow root, with the frame it belongs to. */
interface SearchRoot {
  session: TargetSession;
  nodeId: number;
  frameId: string;
  isDocument: boolean;
  /** Backend node ids by DOM node id, for every node the document read returned. */
  backendIds: Map<number, number>;
  /** The nodes the document read returned, by backend node id. */
  nodes: Map<number, DomNode>;
}

/** Whether a selector is XPath (Loupe's rule: `xpath=` or a leading `/` or `(`) rather than CSS. */
export function isXPath(selector: string): boolean {
  return /^(xpath=|\/|\()/.test(selector.trim());
}

/** Playwright's frame step, which `selectorOf` writes between an iframe's selector and the element's. */
const FRAME_STEP = /\s*>>\s*internal:control=enter-frame\s*>>\s*/;
const FRAME_STEP_TEXT = " >> internal:control=enter-frame >> ";

/**
 * A selector's steps across frames: `iframe-selector >> internal:control=enter-frame >> selector` gives
 * two (the form `selectorOf` returns for an element inside an iframe); a plain selector gives one.
 */
export function frameSteps(selector: string): string[] {
  return selector.trim().split(FRAME_STEP);
}

/**
 * Every element matching each selector (CSS or XPath) in every frame and every shadow root (open or
 * closed) of the page, in document order per frame. CSS runs through `DOM.querySelectorAll` on each
 * root, so it is the browser's own matching; XPath runs in each frame's document and, for `//…`
 * expressions, from each shadow root's top-level elements, since XPath cannot take a shadow root as its
 * context. The documents are read once for all selectors: reading them again would renumber the nodes
 * the other selectors are matched against.
 */
export async function matchSelectors(
  sessions: TargetSession[],
  selectors: string[],
): Promise<MatchedElement[][]> {
  const cleaned = selectors.map((selector) => {
    const trimmed = selector.trim();
    if (!trimmed) throw new ClientError("A selector is empty. Give a CSS selector or an XPath.");
    return trimmed;
  });
  if (!cleaned.length) return [];
  const rootsPerSession = await Promise.all(sessions.map(searchRoots));
  const roots = rootsPerSession.flat();
  const mainFrame = sessions[0]?.targetId;
  return Promise.all(
    cleaned.map((selector) =>
      FRAME_STEP.test(selector) && mainFrame
        ? matchThroughFrames(roots, selector, mainFrame)
        : matchIn(roots, selector),
    ),
  );
}

async function matchIn(roots: SearchRoot[], selector: string): Promise<MatchedElement[]> {
  const found = await Promise.all(
    roots.map((root) =>
      isXPath(selector) ? matchXPath(root, selector.replace(/^xpath=/, "")) : matchCss(root, selector),
    ),
  );
  return unique(found.flat());
}

/**
 * A selector with frame steps: each step but the last must resolve, in the frame the steps before it
 * entered, to an `<iframe>` or `<frame>`; the last is matched in the frame the steps lead to.
 * @throws ClientIframeError when a frame step matches nothing, or something that is not a frame.
 * @throws ContentFrameNotFoundError when the frame is found but its document cannot be read.
 */
async function matchThroughFrames(
  roots: SearchRoot[],
  selector: string,
  mainFrame: string,
): Promise<MatchedElement[]> {
  const steps = frameSteps(selector);
  let frameId = mainFrame;
  for (const [index, step] of steps.entries()) {
    const inFrame = roots.filter((root) => root.frameId === frameId);
    if (!inFrame.length) throw new ContentFrameNotFoundError(steps.slice(0, index).join(FRAME_STEP_TEXT));
    const found = await matchIn(inFrame, step);
    if (index === steps.length - 1) return found;
    const first = found[0];
    const owner =
      first && inFrame.find((root) => root.nodes.has(first.backendNodeId))?.nodes.get(first.backendNodeId);
    if (!owner)
      throw new ClientIframeError(
        `The iframe step "${step}" of selector "${selector}" matches no element, so the frame the element ` +
          `is in cannot be resolved. Check that step in the browser's devtools; the page may have changed.`,
      );
    if (!owner.frameId)
      throw new ClientIframeError(
        `The iframe step "${step}" of selector "${selector}" matches a <${(owner.nodeName ?? "?").toLowerCase()}>, ` +
          `not an <iframe> or <frame>, so the frame the element is in cannot be resolved.`,
      );
    frameId = owner.frameId;
  }
  return [];
}

function unique(matches: MatchedElement[]): MatchedElement[] {
  const seen = new Set<string>();
  return matches.filter((m) => {
    const key = `${m.frameId}:${m.backendNodeId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function searchRoots(session: TargetSession): Promise<SearchRoot[]> {
  const { root } = await session.send("DOM.getDocument", { depth: -1, pierce: true });
  const backendIds = new Map<number, number>();
  const nodes = new Map<number, DomNode>();
  const roots: SearchRoot[] = [];
  const walk = (node: DomNode, frameId: string) => {
    backendIds.set(node.nodeId, node.backendNodeId);
    nodes.set(node.backendNodeId, node);
    for (const child of node.children ?? []) walk(child, frameId);
    for (const shadow of node.shadowRoots ?? []) {
      // The browser's own widgets (inside <input>, <video>…) are not part of the page's content.
      if (shadow.shadowRootType === "user-agent") continue;
      roots.push({ session, nodeId: shadow.nodeId, frameId, isDocument: false, backendIds, nodes });
      walk(shadow, frameId);
    }
    if (node.contentDocument && node.frameId) {
      roots.push({
        session,
        nodeId: node.contentDocument.nodeId,
        frameId: node.frameId,
        isDocument: true,
        backendIds,
        nodes,
      });
      walk(node.contentDocument, node.frameId);
    }
  };
  // A page's main frame and an out-of-process frame both share their id with their target.
  roots.push({
    session,
    nodeId: root.nodeId,
    frameId: session.targetId,
    isDocument: true,
    backendIds,
    nodes,
  });
  walk(root, session.targetId);
  return roots;
}

async function matchCss(root: SearchRoot, selector: string): Promise<MatchedElement[]> {
  let nodeIds: number[];
  try {
    ({ nodeIds } = await root.session.send("DOM.querySelectorAll", {
      nodeId: root.nodeId,
      selector,
    }));
  } catch (error) {
    if (error instanceof CdpCommandError && /querying|selector/i.test(error.protocolMessage))
      throw new ClientError(
        `"${selector}" is not a valid CSS selector (nor an XPath, which starts with / or xpath=).`,
      );
    throw error;
  }
  return nodeIds.flatMap((nodeId) => {
    const backendNodeId = root.backendIds.get(nodeId);
    return backendNodeId === undefined ? [] : [matched(root, backendNodeId)];
  });
}

async function matchXPath(root: SearchRoot, xpath: string): Promise<MatchedElement[]> {
  if (!root.isDocument && !xpath.startsWith("//")) return [];
  // One group per evaluation: roots of a session are searched at once, and each releases only its own.
  const objectGroup = `loupe-selector-${nextGroup++}`;
  const { object } = await root.session.send("DOM.resolveNode", {
    nodeId: root.nodeId,
    objectGroup,
  });
  try {
    const rest = xpath.slice(2);
    const { result, exceptionDetails } = await callFunctionOn<never>(root.session, {
      objectId: object.objectId,
      functionDeclaration: XPATH_FUNCTION,
      objectGroup,
      arguments: [
        { value: root.isDocument ? xpath : `self::${rest} | .//${rest}` },
        { value: root.isDocument },
      ],
    });
    if (exceptionDetails) {
      throw new ClientError(
        `"${xpath}" is not a valid XPath: ${exceptionDetails.exception?.description?.split("\n")[0] ?? "the browser rejected it"}.`,
      );
    }
    if (!result.objectId) return [];
    const { result: properties } = await root.session.send("Runtime.getProperties", {
      objectId: result.objectId,
      ownProperties: true,
    });
    const matches: MatchedElement[] = [];
    for (const property of properties) {
      if (!/^\d+$/.test(property.name) || !property.value?.objectId) continue;
      const { node } = await root.session.send("DOM.describeNode", {
        objectId: property.value.objectId,
      });
      matches.push(matched(root, node.backendNodeId));
    }
    return matches;
  } finally {
    await root.session.send("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }
}
let nextGroup = 0;

function matched(root: SearchRoot, backendNodeId: number): MatchedElement {
  const descendants: number[] = [];
  const walk = (node: DomNode) => {
    // A child frame's document is another frame's tree; leaving out its owner leaves it out.
    for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) {
      descendants.push(child.backendNodeId);
      walk(child);
    }
  };
  const node = root.nodes.get(backendNodeId);
  if (node) walk(node);
  return { frameId: root.frameId, backendNodeId, descendants };
}

/** Runs in the page: evaluates an XPath from a document, or from each element directly under a shadow root. */
const XPATH_FUNCTION = `function (xpath, fromDocument) {
  const contexts = fromDocument ? [this] : Array.from(this.children);
  const out = [];
  for (const context of contexts) {
    const doc = context.ownerDocument || context;
    const result = doc.evaluate(xpath, context, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    for (let i = 0; i < result.snapshotLength; i++) {
      const node = result.snapshotItem(i);
      if (node && node.nodeType === 1 && !out.includes(node)) out.push(node);
    }
  }
  return out;
}`;
