import type { PageCapture } from "./dom-capture.js";
import { xpathOfNode } from "./element-xpath.js";

/**
 * A selector a program can reuse without a model: the element's XPath marked as such (`xpath=…`), preceded
 * — for an element inside an iframe — by each enclosing `<iframe>`'s XPath and Playwright's frame step,
 * so `page.locator(selector)` finds it, and so does Loupe's own `selector` option (a frame step that does
 * not lead to a frame is a `ClientIframeError`):
 *
 *   xpath=/html[1]/body[1]/main[1]/button[2]
 *   xpath=/html[1]/body[1]/iframe[1] >> internal:control=enter-frame >> xpath=/html[1]/body[1]/button[1]
 *
 * XPath cannot enter a shadow root, so for shadow content the path ends at the outermost shadow host.
 */
export async function reusableSelector(
  capture: PageCapture,
  frameId: string,
  backendNodeId: number,
): Promise<string> {
  const steps: string[] = [];
  let frame = capture.frames.get(frameId);
  let node = backendNodeId;
  while (frame) {
    steps.unshift(await xpathOfNode(frame.session, node));
    if (!frame.owner) break;
    node = frame.owner.backendNodeId;
    frame = capture.frames.get(frame.owner.frameId);
  }
  return steps.map((xpath) => `xpath=${xpath}`).join(" >> internal:control=enter-frame >> ");
}
