/**
 * The in-page walk floor: the other engine design the snapshot issue asked to measure. A script in an
 * isolated world of the page walks the DOM (same-process iframes and open shadow roots included) and
 * gathers the facts Loupe's engine reads from a `DOMSnapshot.captureSnapshot` — each node's kind, tag
 * and text, the attributes the engine knows (`ATTRIBUTE_NAMES`), whether an element has a box and how
 * big its first one is, `visibility`, and form controls' value, checked and selected state — and sends
 * them back as one JSON string. It computes no role, name or line: it is the least an in-page engine must
 * do, and it sees less than the capture (no closed shadow roots, no pseudo-element text, no
 * event-listener clickability), so an engine built this way could not be faster than it.
 */
import type { CDPSession } from "playwright-core";
import { ATTRIBUTE_NAMES } from "../../core/src/snapshot/dom-document.js";
import type { LoupeTab, SnapshotTab } from "./snapshot-tabs.js";

/** The world the walk runs in: the page's own scripts never see it. */
const WORLD = "__loupe_bench_walk";

/**
 * The walk: a flat array of numbers per node (index, parent, kind, string ids…) plus a string table, the
 * same shape of answer a capture gives, so the cost of carrying it to Node is part of the figure too.
 */
const WALK = `(() => {
  const known = new Set(${JSON.stringify(ATTRIBUTE_NAMES.filter(Boolean))});
  const ids = new Map();
  const strings = [];
  const string = (value) => {
    let id = ids.get(value);
    if (id === undefined) { id = strings.length; ids.set(value, id); strings.push(value); }
    return id;
  };
  const nodes = [];
  let count = 0;
  const visit = (node, parent) => {
    const index = count++;
    if (node.nodeType === 3) { nodes.push(index, parent, 3, string(node.data)); return; }
    if (node.nodeType !== 1) return;
    const tag = node.localName;
    const boxes = node.getClientRects();
    const box = boxes.length ? boxes[0] : undefined;
    const attributes = [];
    for (const attribute of node.attributes)
      if (known.has(attribute.name)) attributes.push(string(attribute.name), string(attribute.value));
    let state = -1;
    if (tag === "input" || tag === "textarea" || tag === "select") state = string(String(node.value)) * 2 + (node.checked ? 1 : 0);
    else if (tag === "option") state = node.selected ? 1 : 0;
    nodes.push(
      index, parent, 1, string(tag), box ? 1 : 0,
      box && node.checkVisibility({ visibilityProperty: true }) ? 1 : 0,
      box && box.width > 0 && box.height > 0 ? 1 : 0,
      state, attributes.length, ...attributes,
    );
    if (node.shadowRoot) for (let child = node.shadowRoot.firstChild; child; child = child.nextSibling) visit(child, index);
    if (tag === "iframe" || tag === "frame") {
      let inner = null;
      try { inner = node.contentDocument; } catch {}
      if (inner && inner.documentElement) visit(inner.documentElement, index);
    }
    for (let child = node.firstChild; child; child = child.nextSibling) visit(child, index);
  };
  if (document.documentElement) visit(document.documentElement, -1);
  return JSON.stringify([strings, nodes]);
})()`;

/** Opens the walk floor on Loupe's tab: a plain CDP session and an isolated world of its main frame. */
export async function openWalkFloor(loupeTab: LoupeTab): Promise<SnapshotTab> {
  const session: CDPSession = await loupeTab.page.context().newCDPSession(loupeTab.page);
  try {
    // The world is made once, untimed: an engine would keep it for the document's life.
    const { frameTree } = await session.send("Page.getFrameTree");
    const { executionContextId: contextId } = await session.send("Page.createIsolatedWorld", {
      frameId: frameTree.frame.id,
      worldName: WORLD,
    });
    return {
      snapshot: async () => {
        const { result, exceptionDetails } = await session.send("Runtime.evaluate", {
          expression: WALK,
          contextId,
          returnByValue: true,
        });
        if (exceptionDetails) throw new Error(`the walk failed: ${exceptionDetails.text}`);
        JSON.parse(String(result.value));
        return "";
      },
      close: () => session.detach(),
    };
  } catch (error) {
    await session.detach().catch(() => {});
    throw error;
  }
}
