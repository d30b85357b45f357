import type { TargetSession } from "../cdp/page-sessions.js";
import type { PageTrees } from "./ax-tree.js";
import { xpathOfNode } from "./element-xpath.js";

/**
 * A selector a program can reuse without a model: the element's XPath, preceded — for an element inside
 * an iframe — by each enclosing `<iframe>`'s XPath and Playwright's frame step, so
 * `page.locator(selector)` finds it:
 *
 *   xpath=/html/body/iframe[1] >> internal:control=enter-frame >> xpath=/html/body/form[1]/button[1]
 *
 * In the main frame it is a plain XPath. XPath cannot enter a shadow root, so for shadow content the
 * path ends at the outermost shadow host.
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
  return steps.length === 1
    ? steps[0]!
    : steps.map((xpath) => `xpath=${xpath}`).join(" >> internal:control=enter-frame >> ");
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
