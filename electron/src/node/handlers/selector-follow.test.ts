import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServiceHarness, type ServiceHarness } from "../../../../test/support/service-harness.js";
import type { StudioEvent } from "../../common/studio-api.js";

/**
 * A box that scrolls on its own with three items, a header fixed at the top, boxes that clip (or do
 * not clip) what they hold, and a page tall enough to scroll. The page writes into `#probe` every placement of outlines it has held, in order ("none" when
 * it held none), so a snapshot shows where they were drawn and when they were taken away.
 */
const PAGE = `<!doctype html><html><head><title>Follow</title>
<style>body{margin:0;height:3000px} #header{position:fixed;left:0;top:0;width:100%;height:40px;background:#eee}
#pin{position:absolute;left:10px;top:5px;width:60px;height:30px}
#box{position:absolute;left:0;top:100px;width:300px;height:100px;overflow:auto}
.inbox{height:40px;margin:0} #probe{position:absolute;left:400px;top:100px}</style></head>
<body><div id="header"><button id="pin">Pin</button></div>
<div id="box"><p class="inbox">A</p><p class="inbox">B</p><p class="inbox">C</p><div style="height:400px"></div></div>
<div id="clipper" style="position:absolute;left:400px;top:300px;width:100px;height:50px;overflow:hidden">
<p class="cut" style="margin:0;height:80px">Cut</p><div style="overflow:hidden;height:10px">
<p class="escapes" style="position:absolute;left:0;top:20px;margin:0;width:150px;height:20px">Escapes</p></div>
<div style="overflow:hidden;width:10px;height:10px"><p class="floating" style="position:fixed;left:600px;top:500px;width:50px;height:20px;margin:0">F</p></div></div>
<p id="probe">none</p>
<script>
const probe = document.getElementById("probe");
let last = "none";
new MutationObserver(() => {
  const held = document.querySelector("loupe-selector-outlines");
  const now = held ? held.getAttribute("data-key") : "none";
  if (now !== last) probe.textContent += " | " + now;
  last = now;
}).observe(document.documentElement, { childList: true });
</script></body></html>`;

describe("selector outlines follow their elements", () => {
  let h: ServiceHarness;
  const moved: StudioEvent<"selector.moved">[] = [];

  beforeAll(async () => {
    h = await startServiceHarness();
    h.servers.route("/selector-follow/page.html", () => PAGE);
    h.client.on("selector.moved", (payload) => moved.push(payload));
    await h.client.call("session.open", { url: `${h.servers.originA}/selector-follow/page.html` });
    await h.client.call("live.viewport", { width: 800, height: 600 });
    // The outlines follow the page's repaints, which the live view's screencast reports.
    await h.client.call("live.start", {});
  }, 60_000);

  afterAll(async () => {
    await h?.client.call("live.stop", {}).catch(() => {});
    await h?.close();
  });

  const placements = async () =>
    /none.*$/m.exec((await h.client.call("snapshot.get", {})).text)?.[0].split(" | ") ?? [];
  const lastPlacement = async () => (await placements()).at(-1);

  it("moves the outlines of items in a box scrolled on its own, and says where they are", async () => {
    const result = await h.client.call("selector.match", { selector: "p.inbox" });
    expect(result.boxes.map((box) => [box.y, box.height])).toEqual([
      [100, 40],
      [140, 40],
      [180, 20],
    ]);
    // The third item is cut by the box's bottom edge: only what the box lets show is outlined.
    await expect.poll(lastPlacement).toBe("0,100,300,40;0,140,300,40;0,180,300,20");
    moved.length = 0;
    // The wheel over the box scrolls the box, not the page: nothing else tells the outlines.
    await h.client.call("live.wheel", { x: 150, y: 150, deltaX: 0, deltaY: 60 });
    // The first item scrolled out of the box's view at the top, the second half, the third fully in.
    await expect.poll(lastPlacement, { timeout: 10_000 }).toBe("0,100,300,20;0,120,300,40");
    const last = moved.at(-1);
    expect(last).toMatchObject({ selector: "p.inbox", count: 3, truncated: false });
    expect(last?.boxes).toEqual([
      { x: 0, y: 100, width: 300, height: 20 },
      { x: 0, y: 120, width: 300, height: 40 },
    ]);
  });

  it("outlines only what clipping ancestors let show, following containing blocks", async () => {
    const box = async (selector: string) =>
      (await h.client.call("selector.match", { selector })).boxes.map((b) => [b.x, b.y, b.width, b.height]);
    // Cut to its clipping box; an absolute element passes its static clipping parent, not its containing
    // block; a fixed one passes both.
    expect(await box(".cut")).toEqual([[400, 300, 100, 50]]);
    expect(await box(".escapes")).toEqual([[400, 320, 100, 20]]);
    expect(await box(".floating")).toEqual([[600, 500, 50, 20]]);
  });

  it("keeps an element of a fixed header outlined when the page scrolls under it", async () => {
    await h.client.call("selector.match", { selector: "#pin" });
    await expect.poll(lastPlacement).toBe("10,5,60,30");
    await h.client.call("live.wheel", { x: 600, y: 400, deltaX: 0, deltaY: 300 });
    // Drawn in document pixels: 300 px further down the document, where the header now is.
    await expect.poll(lastPlacement, { timeout: 10_000 }).toBe("10,305,60,30");
    expect(moved.at(-1)?.boxes).toEqual([{ x: 10, y: 5, width: 60, height: 30 }]);
  });

  it("takes the outlines off the page for a run and puts them back after it", async () => {
    const before = (await placements()).length;
    await h.client.call("extract.run", { runId: "follow-run" });
    await expect
      .poll(async () => (await placements()).slice(before), { timeout: 10_000 })
      .toEqual(["none", "10,305,60,30"]);
  });

  it("stops following once the box is emptied", async () => {
    await h.client.call("selector.clear", {});
    await expect.poll(lastPlacement).toBe("none");
    moved.length = 0;
    await h.client.call("live.wheel", { x: 600, y: 400, deltaX: 0, deltaY: -300 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await lastPlacement()).toBe("none");
    expect(moved).toEqual([]);
  });
});
