import type { TargetSession } from "@loupe/core/engine";
import { describe, expect, it } from "vitest";
import { SelectorOutlines } from "./selector-outlines.js";

/** A session that records what it is asked to evaluate: "draw N" or "remove". */
function fakeSession(): { session: TargetSession; calls: string[] } {
  const calls: string[] = [];
  const session = {
    send: (method: string, params: { expression: string }) => {
      expect(method).toBe("Runtime.evaluate");
      const drawn = /\}\)\("loupe-selector-outlines", (\[.*\])\)$/.exec(params.expression);
      calls.push(drawn ? `draw ${(JSON.parse(drawn[1] ?? "[]") as unknown[]).length}` : "remove");
      return Promise.resolve({ result: {} });
    },
  } as unknown as TargetSession;
  return { session, calls };
}

const BOX = { x: 0, y: 0, width: 10, height: 10 };

describe("SelectorOutlines", () => {
  it("draws only for the latest match: a slower, older match draws nothing", async () => {
    const outlines = new SelectorOutlines();
    const { session, calls } = fakeSession();
    const older = await outlines.begin(session);
    const newer = await outlines.begin(session);
    expect(await outlines.draw(session, [BOX, BOX], newer)).toBe(true);
    expect(await outlines.draw(session, [BOX], older)).toBe(false);
    expect(calls.filter((call) => call.startsWith("draw"))).toEqual(["draw 2"]);
  });

  it("removes the outlines before a match, so the selector never meets them", async () => {
    const outlines = new SelectorOutlines();
    const { session, calls } = fakeSession();
    await outlines.draw(session, [BOX], await outlines.begin(session));
    calls.length = 0;
    await outlines.begin(session);
    expect(calls[0]).toBe("remove");
  });

  it("clears from the page it drew on, and outdates a match under way", async () => {
    const outlines = new SelectorOutlines();
    const first = fakeSession();
    const second = fakeSession();
    await outlines.draw(first.session, [BOX], await outlines.begin(first.session));
    const underway = await outlines.begin(second.session);
    expect(first.calls.at(-1)).toBe("remove");
    first.calls.length = 0;
    await outlines.draw(first.session, [BOX], await outlines.begin(first.session));
    await outlines.clear();
    expect(first.calls.at(-1)).toBe("remove");
    expect(await outlines.draw(second.session, [BOX], underway)).toBe(false);
  });
});
