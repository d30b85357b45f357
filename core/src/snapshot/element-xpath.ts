import { callFunctionOn } from "../cdp/call-function.js";
import type { TargetSession } from "../cdp/page-sessions.js";

/**
 * Runs in the page: the XPath of `this` by tag and position among same-tag siblings, one per tree it is
 * nested in, outermost first. XPath cannot cross a shadow boundary, so an element inside shadow roots
 * gets the path of its outermost shadow host in the document, then each host's path from the shadow
 * root it is in, ending with its own path from its shadow root: `["/html[1]/body[1]/x-card[1]",
 * "/div[1]/button[2]"]`. An element in the document gets one path.
 */
const XPATHS_OF_FUNCTION = `function () {
  const paths = [];
  let node = this;
  for (;;) {
    const steps = [];
    for (; node && node.nodeType === 1; node = node.parentNode) {
      const tag = node.localName;
      let index = 1;
      for (let s = node.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === tag) index++;
      const name = node.namespaceURI === "http://www.w3.org/1999/xhtml" ? tag : "*[name()='" + tag + "']";
      steps.unshift(name + "[" + index + "]");
    }
    paths.unshift("/" + steps.join("/"));
    // The loop stopped at the tree's root: a document, or a shadow root (node type 11 with a host).
    if (!node || node.nodeType !== 11 || !node.host) return paths;
    node = node.host;
  }
}`;

/**
 * The XPaths of an element (by backend node id) in each tree it is nested in, computed in the page:
 * one for an element in its frame's document; for one inside shadow roots, its outermost host's path
 * in the document, then each path from a shadow root, down to the element's own.
 */
export async function xpathsOfNode(session: TargetSession, backendNodeId: number): Promise<string[]> {
  const objectGroup = "loupe-xpath-of";
  const { object } = await session.send("DOM.resolveNode", {
    backendNodeId,
    objectGroup,
  });
  try {
    const { result } = await callFunctionOn<string[]>(session, {
      objectId: object.objectId,
      functionDeclaration: XPATHS_OF_FUNCTION,
      returnByValue: true,
    });
    return result.value ?? [];
  } finally {
    await session.send("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }
}

/**
 * The XPath of an element (by backend node id) within its frame's document, computed in the page. For an
 * element inside a shadow root it is the XPath of its outermost shadow host, the closest element an XPath
 * from the document can reach (`reusableSelector` gives one that reaches the element itself).
 */
export async function xpathOfNode(session: TargetSession, backendNodeId: number): Promise<string> {
  return (await xpathsOfNode(session, backendNodeId))[0] ?? "";
}
