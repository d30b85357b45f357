import { callFunctionOn } from "../cdp/call-function.js";
import type { TargetSession } from "../cdp/page-sessions.js";

/**
 * Runs in the page: the XPath of `this` within its document, by tag and position among same-tag siblings.
 * XPath cannot enter a shadow root, so for an element inside one the path leads to its outermost shadow
 * host, the closest element a program can reach with XPath.
 */
const XPATH_OF_FUNCTION = `function () {
  let node = this;
  for (let root = node.getRootNode(); root instanceof ShadowRoot; root = node.getRootNode()) node = root.host;
  const steps = [];
  for (; node && node.nodeType === 1; node = node.parentNode) {
    const tag = node.localName;
    let index = 1;
    for (let s = node.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === tag) index++;
    const name = node.namespaceURI === "http://www.w3.org/1999/xhtml" ? tag : "*[name()='" + tag + "']";
    steps.unshift(name + "[" + index + "]");
  }
  return "/" + steps.join("/");
}`;

/** The XPath of an element (by backend node id) within its frame's document, computed in the page. */
export async function xpathOfNode(session: TargetSession, backendNodeId: number): Promise<string> {
  const objectGroup = "loupe-xpath-of";
  const { object } = await session.send("DOM.resolveNode", {
    backendNodeId,
    objectGroup,
  });
  try {
    const { result } = await callFunctionOn<string>(session, {
      objectId: object.objectId,
      functionDeclaration: XPATH_OF_FUNCTION,
      returnByValue: true,
    });
    return result.value ?? "";
  } finally {
    await session.send("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }
}
