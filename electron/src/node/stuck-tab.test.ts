/**
 * A tab whose script never yields answers no CDP command sent to its renderer. Every call of the Studio
 * that waits on such a tab must end, with a sentence, and leave the other tabs as usable as before: the
 * live view, its input, the picker and the selector box queue their calls, so one unbounded wait used to
 * freeze them for every tab.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServiceHarness, type ServiceHarness } from "../../../test/support/service-harness.js";
import type { StudioEvent } from "../common/studio-api.js";
import { LIVE_WAIT_MS, READ_WAIT_MS } from "./page-read-bound.js";

/** Clicking anywhere in the top left runs a script without end. */
const STUCK_PAGE =
  `<!doctype html><title>Stuck</title><style>body{margin:0}</style>` +
  `<button style="width:400px;height:300px" onclick="for (;;);">Stick</button>`;
const GOOD_PAGE = `<!doctype html><title>Good</title><h1>Good page</h1><button>Go</button>`;

const unanswered = (ms: number) =>
  `The page did not answer within ${ms / 1000} s: a script on it may be running without end. Reload the page, or close its tab.`;
const LIVE_UNANSWERED = unanswered(LIVE_WAIT_MS);
const READ_UNANSWERED = unanswered(READ_WAIT_MS);

describe("a tab stuck in a script", () => {
  let h: ServiceHarness;
  const frames: StudioEvent<"live.frame">[] = [];
  let goodId = "";
  let stuckId = "";
  let buttonId = "";

  beforeAll(async () => {
    h = await startServiceHarness();
    h.servers.route("/stuck.html", () => STUCK_PAGE);
    h.servers.route("/good.html", () => GOOD_PAGE);
    h.client.on("live.frame", (frame) => frames.push(frame));
    // Another site: another renderer process, which the stuck one cannot hold up.
    goodId = (await h.client.call("session.open", { url: `${h.servers.originB}/good.html` })).pageId;
    stuckId = (await h.client.call("session.open", { url: `${h.servers.originA}/stuck.html` })).pageId;
    await h.client.call("live.start", {});
    // The snapshot view's ids, read while the page still answers (to highlight one once it is stuck).
    const { text } = await h.client.call("snapshot.get", {});
    buttonId = /\[(\d+-\d+)\] button/.exec(text)?.[1] ?? "";
    // The click that sticks the page may itself never be answered: its end is the bound's.
    await h.client.call("live.mouse", { type: "click", x: 20, y: 20 }).catch(() => {});
  });

  afterAll(async () => {
    await h?.close();
  });

  it(
    "fails the live view's calls on it with a sentence, and the other tab's live view, input, picker and selector box go on",
    { timeout: 120_000 },
    async () => {
      await expect(h.client.call("live.inspect", { x: 20, y: 20 })).rejects.toThrow(LIVE_UNANSWERED);
      // New settings restart the screencast on the stuck tab.
      await expect(h.client.call("live.start", { quality: 40 })).rejects.toThrow(LIVE_UNANSWERED);
      await expect(h.client.call("live.mouse", { type: "move", x: 30, y: 30 })).rejects.toThrow(
        LIVE_UNANSWERED,
      );
      expect(buttonId).not.toBe("");
      await expect(h.client.call("live.highlight", { elementId: buttonId })).rejects.toThrow(LIVE_UNANSWERED);
      await expect(h.client.call("live.viewport", { width: 700, height: 500 })).rejects.toThrow(
        LIVE_UNANSWERED,
      );
      await expect(h.client.call("selector.match", { selector: "button" })).rejects.toThrow(READ_UNANSWERED);

      await h.client.call("session.activate", { pageId: goodId });
      const started = await h.client.call("live.start", {});
      expect(started.pageId).toBe(goodId);
      await expect
        .poll(() => frames.some((frame) => frame.pageId === goodId), { timeout: 30_000 })
        .toBe(true);
      await h.client.call("live.mouse", { type: "move", x: 10, y: 10 });
      const { element } = await h.client.call("live.inspect", { x: 20, y: 40 });
      expect(element?.description).toBe("h1");
      const matched = await h.client.call("selector.match", { selector: "h1" });
      expect(matched).toMatchObject({ pageId: goodId, count: 1 });
      // The stuck tab in the background keeps its size; the tab shown takes it.
      await h.client.call("live.viewport", { width: 640, height: 480 });
      expect((await h.client.call("snapshot.get", {})).text).toContain("Good page");
    },
  );

  it(
    "answers an act on it with its timeout, and keeps the run without a picture",
    { timeout: 120_000 },
    async () => {
      await h.client.call("session.activate", { pageId: stuckId });
      const kept = h.added.length;
      await expect(
        h.client.call("act.run", { instruction: "press Stick", options: { timeout: 3000 } }),
      ).rejects.toMatchObject({ code: "act_timeout" });
      expect(h.added.length).toBe(kept + 1);
      expect(h.added.at(-1)).toMatchObject({ kind: "act", outcome: { ok: false } });
      expect(h.added.at(-1)?.thumbnail).toBeUndefined();
    },
  );

  it(
    "opens its page again in the same tab on Reload, and goes back in the same way",
    { timeout: 120_000 },
    async () => {
      await h.client.call("session.activate", { pageId: stuckId });
      const before = (await h.client.call("session.pages", {})).pages.map((page) => page.pageId);
      const closed: string[] = [];
      h.client.on("session.pageClosed", ({ pageId }) => closed.push(pageId));
      // The browser cannot load anything more in the stuck renderer: the page opens in a new one. Reload
      // pressed twice opens it once, then reloads it as usual.
      const reloads = await Promise.all([
        h.client.call("session.navigate", { to: "reload" }),
        h.client.call("session.navigate", { to: "reload" }),
      ]);
      for (const page of reloads)
        expect(page).toMatchObject({ pageId: stuckId, title: "Stuck", active: true });
      const after = (await h.client.call("session.pages", {})).pages.map((page) => page.pageId);
      expect(after).toEqual(before);
      expect(closed).toEqual([]);
      expect((await h.client.call("snapshot.get", {})).text).toContain("Stick");
      // The live view (its lease ran out during the waits above) shows the new page.
      const shown = frames.length;
      expect((await h.client.call("live.start", {})).pageId).toBe(stuckId);
      await expect
        .poll(() => frames.slice(shown).some((frame) => frame.pageId === stuckId), { timeout: 30_000 })
        .toBe(true);

      // Stuck again, Back leads where the browser's history says (the blank page the tab opened on).
      await h.client.call("live.mouse", { type: "click", x: 20, y: 20 }).catch(() => {});
      expect(await h.client.call("session.stop", {})).toEqual({ stopped: false });
      const back = await h.client.call("session.navigate", { to: "back" });
      expect(back).toMatchObject({ pageId: stuckId, url: "about:blank", active: true });
      expect((await h.client.call("session.pages", {})).pages.map((page) => page.pageId)).toEqual(before);
      expect(closed).toEqual([]);
      expect((await h.client.call("snapshot.get", {})).text).not.toContain("Stick");
    },
  );
});
