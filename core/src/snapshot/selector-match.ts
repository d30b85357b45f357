import type { TargetSession } from "../cdp/page-sessions.js";
import { CdpCommandError } from "../cdp/cdp-connection.js";
import {
  ClientError,
  ClientIframeError,
  ClientShadowRootMissingError,
  ContentFrameNotFoundError,
  XPathResolutionError,
} from "../errors.js";
import { callFunctionOn } from "../cdp/call-function.js";
import {
  FRAME_STEP_TEXT,
  SHADOW_ROOT_XPATH,
  SHADOW_STEP_TEXT,
  formatSelectorChain,
  parseSelectorChain,
  stepText,
  type SelectorStep,
} from "./selector-chain.js";

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

/**
 * Every element matching each selector (CSS or XPath) in every frame and every shadow root (open or
 * closed) of the page, in document order per frame. CSS runs through `DOM.querySelectorAll` on each
 * root, so it is the browser's own matching; XPath runs in each frame's document and, for `//…`
 * expressions, from each shadow root's top-level elements, since XPath cannot take a shadow root as its
 * context. A chained selector (`selector-chain.ts`: the form `reusableSelector` writes) is followed step
 * by step from the main frame instead. The documents are read once for all selectors: reading them again
 * would renumber the nodes the other selectors are matched against.
 * @throws ClientError for an empty or invalid selector.
 * @throws ClientIframeError when a frame step follows no element, or one that is not a frame.
 * @throws ContentFrameNotFoundError when that frame's document cannot be read.
 * @throws ClientShadowRootMissingError when a shadow step follows an element that has no shadow root.
 * @throws XPathResolutionError when the XPath step before a shadow step matches nothing.
 */
export async function matchSelectors(
  sessions: TargetSession[],
  selectors: string[],
): Promise<MatchedElement[][]> {
  const chains = selectors.map((selector) => {
    const trimmed = selector.trim();
    if (!trimmed) throw new ClientError("A selector is empty. Give a CSS selector or an XPath.");
    return { selector: trimmed, steps: parseSelectorChain(trimmed) };
  });
  if (!chains.length) return [];
  const rootsPerSession = await Promise.all(sessions.map(searchRoots));
  const roots = rootsPerSession.flat();
  const mainFrame = sessions[0]?.targetId;
  return Promise.all(
    chains.map(({ selector, steps }) =>
      steps.length > 1 && mainFrame
        ? matchChain(roots, selector, steps, mainFrame)
        : matchIn(roots, selector),
    ),
  );
}

/**
 * The error for a step of a selector that matches nothing: an `XPathResolutionError` for an XPath, a
 * `ClientError` naming the selector for CSS. `selector` is the whole selector when the step is one of
 * several (a chain), and is left out for a plain selector.
 */
export function noMatchError(step: SelectorStep, selector?: string): ClientError {
  if (step.enter === "shadow") return new XPathResolutionError(`${SHADOW_ROOT_XPATH}${step.xpath}`, selector);
  if (isXPath(step.selector)) return new XPathResolutionError(step.selector.replace(/^xpath=/, ""), selector);
  return selector === undefined
    ? new ClientError(
        `The selector "${step.selector}" matches no element in the page, its frames or its shadow roots. ` +
          `Check it in the browser's devtools, or leave \`selector\` out to read the whole page.`,
      )
    : new ClientError(
        `The step "${step.selector}" of selector "${selector}" matches no element where the steps before ` +
          `it lead. Check each step in the browser's devtools; the page may have changed.`,
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
 * A chained selector, step by step from the main frame: a step before a frame step must match an
 * `<iframe>` or `<frame>` (the first match is taken), whose document the next step is matched in; a step
 * before a shadow step must match an element with a shadow root, from which the next step's XPath is
 * evaluated. The last step's matches are the selector's.
 */
async function matchChain(
  roots: SearchRoot[],
  selector: string,
  steps: SelectorStep[],
  mainFrame: string,
): Promise<MatchedElement[]> {
  let scope: SearchRoot[] = roots.filter((root) => root.frameId === mainFrame);
  let found: MatchedElement[] = [];
  for (const [index, step] of steps.entries()) {
    found =
      step.enter === "shadow"
        ? await matchInShadowRoot(scope, step.xpath)
        : await matchIn(scope, step.selector);
    const next = steps[index + 1];
    if (!next) break;
    const first = found[0];
    const owner =
      first && roots.find((root) => root.frameId === first.frameId && root.nodes.has(first.backendNodeId));
    const node = first && owner?.nodes.get(first.backendNodeId);
    const tagName = (node?.nodeName ?? "?").toLowerCase();
    if (next.enter === "frame") {
      if (!node)
        throw new ClientIframeError(
          `The iframe step "${stepText(step)}" of selector "${selector}" matches no element, so the frame the element ` +
            `is in cannot be resolved. Check that step in the browser's devtools; the page may have changed.`,
        );
      if (!node.frameId)
        throw new ClientIframeError(
          `The iframe step "${stepText(step)}" of selector "${selector}" matches a <${tagName}>, ` +
            `not an <iframe> or <frame>, so the frame the element is in cannot be resolved.`,
        );
      const frameId = node.frameId;
      scope = roots.filter((root) => root.frameId === frameId);
      if (!scope.length) throw new ContentFrameNotFoundError(formatSelectorChain(steps.slice(0, index + 1)));
    } else {
      if (!node || !owner) throw noMatchError(step, selector);
      // The browser's own widgets (inside <input>, <video>…) are not a shadow root a page can address.
      const shadow = node.shadowRoots?.find((root) => root.shadowRootType !== "user-agent");
      if (!shadow) throw new ClientShadowRootMissingError(selector, stepText(step), tagName);
      scope = [{ ...owner, nodeId: shadow.nodeId, isDocument: false }];
    }
  }
  return found;
}

/**
 * A shadow step's XPath, from the shadow root the step before entered: evaluated, as Playwright does, from
 * the root's top-level elements with `parent::node()[not(self::*)]` (the shadow root) in front.
 */
async function matchInShadowRoot(roots: SearchRoot[], xpath: string): Promise<MatchedElement[]> {
  const found = await Promise.all(
    roots.map((root) => evaluateXPath(root, `${SHADOW_ROOT_XPATH}${xpath}`, xpath)),
  );
  return unique(found.flat());
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
        `"${selector}" is not a valid CSS selector (nor an XPath, which starts with / or xpath=).` +
          (selector.includes(">>")
            ? ` Loupe follows ">>" only in a frame step ("${FRAME_STEP_TEXT.trim()}") and a shadow step ` +
              `("${SHADOW_STEP_TEXT.trim()}/path"), the forms act() returns in \`action.selector\`.`
            : ""),
      );
    throw error;
  }
  return nodeIds.flatMap((nodeId) => {
    const backendNodeId = root.backendIds.get(nodeId);
    return backendNodeId === undefined ? [] : [matched(root, backendNodeId)];
  });
}

async function matchXPath(root: SearchRoot, xpath: string): Promise<MatchedElement[]> {
  if (root.isDocument) return evaluateXPath(root, xpath, xpath);
  if (!xpath.startsWith("//")) return [];
  const rest = xpath.slice(2);
  return evaluateXPath(root, `self::${rest} | .//${rest}`, xpath);
}

/**
 * The elements an XPath expression selects from a frame's document or, for a shadow root, from each of
 * its top-level elements. `written` is the XPath as the caller wrote it, for the error message.
 */
async function evaluateXPath(
  root: SearchRoot,
  expression: string,
  written: string,
): Promise<MatchedElement[]> {
  // One group per evaluation: roots of a session are searched at once, and each releases only its own.
  const objectGroup = `loupe-selector-${nextGroup++}`;
  const { object } = await root.session.send("DOM.resolveNode", {
    nodeId: root.nodeId,
    objectGroup,
  });
  try {
    const { result, exceptionDetails } = await callFunctionOn<never>(root.session, {
      objectId: object.objectId,
      functionDeclaration: XPATH_FUNCTION,
      objectGroup,
      arguments: [{ value: expression }, { value: root.isDocument }],
    });
    if (exceptionDetails) {
      throw new ClientError(
        `"${written}" is not a valid XPath: ${exceptionDetails.exception?.description?.split("\n")[0] ?? "the browser rejected it"}.`,
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
