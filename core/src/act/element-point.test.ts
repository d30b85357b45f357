import { describe, expect, it } from "vitest";
import type { TargetSession } from "../cdp/page-sessions.js";
import { elementPoint } from "./element-point.js";

/**
 * A page 800×600 holding an out-of-process frame whose `<iframe>` sits 1,000 px down until the page has
 * scrolled: the page follows the frame's scroll into view only after `lateReads` reads of the frame's box.
 */
function frameBelowTheFold(lateReads: number): TargetSession {
  let boxReads = 0;
  const page = {
    id: "page",
    targetId: "page",
    parent: undefined,
    send: async (method: string) => {
      if (method === "Page.getLayoutMetrics")
        return { cssLayoutViewport: { clientWidth: 800, clientHeight: 600 } };
      if (method === "DOM.getFrameOwner") return { backendNodeId: 1 };
      if (method === "DOM.getBoxModel") {
        const top = boxReads++ < lateReads ? 1_000 : 200;
        return { model: { content: [0, top, 300, top, 300, top + 150, 0, top + 150] } };
      }
      throw new Error(`unexpected ${method}`);
    },
  };
  return {
    id: "frame",
    targetId: "frame",
    parent: page as unknown as TargetSession,
    send: async (method: string) => {
      if (method === "DOM.scrollIntoViewIfNeeded") return {};
      // The button, 10–50 px down the frame's own viewport.
      if (method === "DOM.getContentQuads") return { quads: [[10, 10, 110, 10, 110, 50, 10, 50]] };
      throw new Error(`unexpected ${method}`);
    },
  } as unknown as TargetSession;
}

describe("elementPoint in an out-of-process frame", () => {
  it("waits for the page to follow the frame's scroll, and aims where the element is then", async () => {
    expect(await elementPoint(frameBelowTheFold(3), 7)).toEqual({ x: 60, y: 230 });
  });

  it("takes a frame already in place after two reads that agree", async () => {
    expect(await elementPoint(frameBelowTheFold(0), 7)).toEqual({ x: 60, y: 230 });
  });
});
