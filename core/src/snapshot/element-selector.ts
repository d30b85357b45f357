import type { TargetSession } from "../cdp/page-sessions.js";
import type { PageTrees } from "./ax-tree.js";
import { xpathOfNode } from "./element-xpath.js";

/**
 * A selector a program can reuse without a model: the element's XPath marked as such (`xpath=…`), preceded
 * — for an element inside an iframe — by each enclosing `<iframe>`'s XPath and Playwright's frame step,
 * so `page.locator(selector)` finds it, and Loupe's own `selector` option takes the main-frame form:
 *
 *   xpath=/html[1]/body[1]/main[1]/button[2]
 *   xpath=/html[1]/body[1]/iframe[1] >> internal:control=enter-frame >> xpath=/html[1]/body[1]/button[1]
 *
 * XPath cannot enter a shadow root, so for shadow content the path ends at the outermost shadow host.
 */
export async function reusableSelector(
  trees: PageTrees,
  frameId: string,
  backendNodeId: number,
): Promise<string> {
  const steps: string[] = [];
  let currentFrame = frameId;
  let currentNode = backendNodeId;
  for (;;) {
    const tree = trees.frames.get(currentFrame);
    const session: TargetSession | undefined = tree?.session;
    if (!session) break;
    steps.unshift(await xpathOfNode(session, currentNode));
    const owner = ownerOf(trees, currentFrame);
    if (!owner) break;
    currentFrame = owner.parentFrameId;
    currentNode = owner.ownerBackendNodeId;
  }
  return steps.map((xpath) => `xpath=${xpath}`).join(" >> internal:control=enter-frame >> ");
}

function ownerOf(
  trees: PageTrees,
  frameId: string,
): { parentFrameId: string; ownerBackendNodeId: number } | undefined {
  for (const tree of trees.frames.values()) {
    for (const [ownerBackendNodeId, childFrameId] of tree.childFrames) {
      if (childFrameId === frameId) return { parentFrameId: tree.frameId, ownerBackendNodeId };
    }
  }
  return undefined;
}
