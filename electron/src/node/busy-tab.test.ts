/**
 * A tab busy in a long script for a while (not for good) answers what was sent to it meanwhile only once
 * it is free again: a screencast moved away from it then still runs, and the next start on it failed
 * ("Screencast is already active", measured), which left the tab without a live view. Once it answers
 * and is shown, it must be live again, at the live view's current size.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServiceHarness, type ServiceHarness } from "../../../test/support/service-harness.js";
import type { StudioEvent } from "../common/studio-api.js";
import { LIVE_WAIT_MS } from "./page-read-bound.js";

/**
 * How long a press keeps the page busy: the press waits one live-view bound, a resize sent then waits
 * another and fails, and the tab shown after it answers half a bound later.
 */
const BUSY_MS = 2.5 * LIVE_WAIT_MS;

const BUSY_PAGE =
  `<!doctype html><title>Busy</title><style>body{margin:0}</style>` +
  `<button style="width:400px;height:300px" onmousedown="const end = Date.now() + ${BUSY_MS}; ` +
  `while (Date.now() < end);">Busy</button>`;
const GOOD_PAGE = `<!doctype html><title>Good</title><h1>Good page</h1>`;

describe("a tab busy in a script for a while", () => {
  let h: ServiceHarness;
  const frames: StudioEvent<"live.frame">[] = [];

  beforeAll(async () => {
    h = await startServiceHarness();
    h.servers.route("/busy.html", () => BUSY_PAGE);
    h.servers.route("/good.html", () => GOOD_PAGE);
    h.client.on("live.frame", (frame) => frames.push(frame));
  });

  afterAll(async () => {
    await h?.close();
  });

  it(
    "is live again once it answers and is shown, at the size set while it was busy in the background",
    { timeout: 120_000 },
    async () => {
      const goodId = (await h.client.call("session.open", { url: `${h.servers.originB}/good.html` })).pageId;
      const busyId = (await h.client.call("session.open", { url: `${h.servers.originA}/busy.html` })).pageId;
      await h.client.call("live.start", {});
      await h.client.call("live.viewport", { width: 800, height: 600 });
      // The press itself is not answered while the page runs its script: its end is the bound's.
      await h.client.call("live.mouse", { type: "down", x: 20, y: 20 }).catch(() => {});
      await h.client.call("session.activate", { pageId: goodId });
      // The busy tab in the background takes the new size only once it answers; the tab shown does now.
      await h.client.call("live.viewport", { width: 640, height: 480 });
      await h.client.call("session.activate", { pageId: busyId });
      await h.client.call("live.start", {});
      await expect
        .poll(() => frames.findLast((frame) => frame.pageId === busyId)?.width, { timeout: 60_000 })
        .toBe(640);
    },
  );
});
