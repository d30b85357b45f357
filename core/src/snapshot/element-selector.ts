import type { PageCapture } from "./dom-capture.js";
import { xpathsOfNode } from "./element-xpath.js";
import { formatSelectorChain, type SelectorStep } from "./selector-chain.js";

/**
 * A selector a program can reuse without a model, designating exactly this element: its XPath marked as
 * such (`xpath=…`); for an element inside an iframe, each enclosing `<iframe>`'s XPath first, followed by
 * Playwright's frame step; for an element inside a shadow root (open or closed, nested or not), its host's
 * XPath followed by Loupe's shadow step and the XPath from the shadow root (see `selector-chain.ts`):
 *
 *   xpath=/html[1]/body[1]/main[1]/button[2]
 *   xpath=/html[1]/body[1]/iframe[1] >> internal:control=enter-frame >> xpath=/html[1]/body[1]/button[1]
 *   xpath=/html[1]/body[1]/x-card[1] >> css=:scope > * >> xpath=parent::node()[not(self::*)]/div[1]/button[1]
 *
 * Loupe's own `selector` option follows each form back to the element (a frame step that does not lead to
 * a frame is a `ClientIframeError`, a shadow step after an element without a shadow root a
 * `ClientShadowRootMissingError`). Playwright's `page.locator(selector)` finds the same element in the
 * main frame, in iframes and in open shadow roots; in a closed shadow root, which Playwright cannot enter,
 * it finds nothing.
 */
export async function reusableSelector(
  capture: PageCapture,
  frameId: string,
  backendNodeId: number,
): Promise<string> {
  const steps: SelectorStep[] = [];
  let frame = capture.frames.get(frameId);
  let node = backendNodeId;
  while (frame) {
    const [documentPath = "", ...shadowPaths] = await xpathsOfNode(frame.session, node);
    steps.unshift(
      { enter: "frame", selector: `xpath=${documentPath}` },
      ...shadowPaths.map((xpath): SelectorStep => ({ enter: "shadow", xpath })),
    );
    if (!frame.owner) break;
    node = frame.owner.backendNodeId;
    frame = capture.frames.get(frame.owner.frameId);
  }
  // The outermost document's step is where the chain starts, not a frame entered.
  const [first] = steps;
  if (first?.enter === "frame") steps[0] = { enter: "page", selector: first.selector };
  return formatSelectorChain(steps);
}
