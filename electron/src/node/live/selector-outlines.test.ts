import type { TargetSession } from "@loupe/core/engine";
import { describe, expect, it } from "vitest";
import { SelectorOutlines } from "./selector-outlines.js";

/**
 * A session that records what it is asked to evaluate ("draw N" or "remove") and, like the page, keeps
 * the drawn outlines' key: the same boxes again answer -1 (left as they are).
 */
function fakeSession(): { session: TargetSession; calls: string[] } {
  const calls: string[] = [];
  let held: string | undefined;
  const session = {
    send: (method: string, params: { expression: string }) => {
      expect(method).toBe("Runtime.evaluate");
      const drawn = /\}\)\("loupe-selector-outlines", (\[.*\]), (\{.*\}), ("[^"]*")\)$/.exec(
        params.expression,
      );
      if (!drawn) {
        held = undefined;
        calls.push("remove");
        return Promise.resolve({ result: {} });
      }
      const key = JSON.parse(drawn[3] ?? '""') as string;
      if (held === key) return Promise.resolve({ result: { value: -1 } });
      const count = (JSON.parse(drawn[1] ?? "[]") as unknown[]).length;
      held = count ? key : undefined;
      calls.push(`draw ${count}`);
      return Promise.resolve({ result: { value: count } });
    },
  } as unknown as TargetSession;
  return { session, calls };
}

const BOX = { x: 0, y: 0, width: 10, height: 10 };
const TOP = { x: 0, y: 0 };

describe("SelectorOutlines", () => {
  it("draws only for the latest match: a slower, older match draws nothing", async () => {
    const outlines = new SelectorOutlines();
    const { session, calls } = fakeSession();
    const older = await outlines.begin(session);
    const newer = await outlines.begin(session);
    expect(await outlines.draw(session, [BOX, BOX], TOP, newer)).toBe("drawn");
    expect(await outlines.draw(session, [BOX], TOP, older)).toBe("outdated");
    expect(calls.filter((call) => call.startsWith("draw"))).toEqual(["draw 2"]);
  });

  it("removes the outlines before a match, so the selector never meets them", async () => {
    const outlines = new SelectorOutlines();
    const { session, calls } = fakeSession();
    await outlines.draw(session, [BOX], TOP, await outlines.begin(session));
    calls.length = 0;
    await outlines.begin(session);
    expect(calls[0]).toBe("remove");
  });

  it("clears from the page it drew on, and outdates a match under way", async () => {
    const outlines = new SelectorOutlines();
    const first = fakeSession();
    const second = fakeSession();
    await outlines.draw(first.session, [BOX], TOP, await outlines.begin(first.session));
    const underway = await outlines.begin(second.session);
    expect(first.calls.at(-1)).toBe("remove");
    first.calls.length = 0;
    await outlines.draw(first.session, [BOX], TOP, await outlines.begin(first.session));
    await outlines.clear();
    expect(first.calls.at(-1)).toBe("remove");
    expect(await outlines.draw(second.session, [BOX], TOP, underway)).toBe("outdated");
  });

  it("leaves outlines that are already in place alone: the same document place at another scroll", async () => {
    const outlines = new SelectorOutlines();
    const { session, calls } = fakeSession();
    const changes: number[] = [];
    outlines.onChange(() => changes.push(1));
    const ticket = await outlines.begin(session);
    expect(await outlines.draw(session, [BOX], TOP, ticket)).toBe("drawn");
    // Scrolled down 100 px, the element now 100 px higher in the viewport: the same place in the document.
    expect(await outlines.draw(session, [{ ...BOX, y: -100 }], { x: 0, y: 100 }, ticket)).toBe("unchanged");
    // The element itself moved.
    expect(await outlines.draw(session, [{ ...BOX, y: 40 }], TOP, ticket)).toBe("drawn");
    expect(calls).toEqual(["remove", "draw 1", "draw 1"]);
    expect(changes).toHaveLength(2);
  });

  it("hides the outlines during runs and says when the last run lets them show", async () => {
    const outlines = new SelectorOutlines();
    const { session, calls } = fakeSession();
    let shown = 0;
    outlines.onShown(() => shown++);
    const ticket = await outlines.begin(session);
    await outlines.draw(session, [BOX], TOP, ticket);
    const first = await outlines.hide();
    const second = await outlines.hide();
    expect(calls.at(-1)).toBe("remove");
    expect(outlines.hidden).toBe(true);
    expect(await outlines.draw(session, [BOX], TOP, ticket)).toBe("hidden");
    first();
    first(); // a second call of the same answer counts once
    expect(shown).toBe(0);
    second();
    expect(shown).toBe(1);
    expect(outlines.hidden).toBe(false);
    expect(await outlines.draw(session, [BOX], TOP, ticket)).toBe("drawn");
  });

  it("does not hold a run up on a page that stops answering (a dialog open)", async () => {
    const outlines = new SelectorOutlines();
    let answering = true;
    const session = {
      send: () => (answering ? Promise.resolve({ result: { value: 1 } }) : new Promise(() => {})),
    } as unknown as TargetSession;
    await outlines.draw(session, [BOX], TOP, await outlines.begin(session));
    answering = false;
    const started = Date.now();
    const show = await outlines.hide();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(outlines.hidden).toBe(true);
    show();
    expect(outlines.hidden).toBe(false);
  });
});
