/**
 * `act()` reads the page only once it has settled — no request in flight and no DOM change for a moment,
 * bounded — and after acting waits for what the action set off, so the next read sees its effect.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { actReply, idOf, lastUserText, startHarness, type Harness } from "./support/harness.js";

let h: Harness;

/** How long the page's slow request takes to answer. */
const SLOW_MS = 1_000;

beforeAll(async () => {
  h = await startHarness();
  h.servers.route("/act/slow", (_req, res) => {
    setTimeout(() => res.writeHead(200, { "content-type": "text/plain" }).end("Late content"), SLOW_MS);
  });
  // Asks for its content once loaded; it arrives SLOW_MS later.
  h.servers.route(
    "/act/late",
    () => `<!doctype html><title>Late</title><h1>Late page</h1><p id="out">Loading…</p>
<script>
  addEventListener("load", () =>
    fetch("/act/slow").then((r) => r.text()).then((t) => { document.getElementById("out").textContent = t; }));
</script>`,
  );
  // Changes its DOM every 40 ms, for `ms` milliseconds after load (forever without `ms`).
  h.servers.route("/act/busy", (req) => {
    const ms = new URL(req.url ?? "/", "http://x").searchParams.get("ms");
    return `<!doctype html><title>Busy</title><h1>Busy page</h1><p id="tick">0</p>
<script>
  const started = Date.now();
  const timer = setInterval(() => {
    const tick = document.getElementById("tick");
    tick.textContent = String(Number(tick.textContent) + 1);
    if (${ms ?? "Infinity"} <= Date.now() - started) { clearInterval(timer); tick.textContent = "Done ticking"; }
  }, 40);
</script>`;
  });
  // A button whose click fetches the content it shows, after `debounce` ms (at once without).
  h.servers.route("/act/click-fetch", (req) => {
    const debounce = Number(new URL(req.url ?? "/", "http://x").searchParams.get("debounce") ?? 0);
    return `<!doctype html><title>Click fetch</title><button id="load">Load more</button><p id="out"></p>
<script>
  const load = () =>
    fetch("/act/slow").then((r) => r.text()).then((t) => { document.getElementById("out").textContent = t; });
  document.getElementById("load").addEventListener("click", () => ${debounce} ? setTimeout(load, ${debounce}) : load());
</script>`;
  });
});
afterAll(() => h.close());
afterEach(() => h.model.reset());

describe("before reading the page", () => {
  it("waits for a request the page makes after load, and for what it then shows", async () => {
    // Loupe watches a page's requests from its first act on: one act first.
    await h.goto("/act/late");
    h.model.enqueue(actReply(null, null));
    await h.client.act("nothing");
    h.model.reset();

    const started = performance.now();
    await h.goto("/act/late");
    h.model.enqueue(actReply(null, null));
    await h.client.act("read the late content");

    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 100);
    expect(lastUserText(h.model.requests[0]!)).toContain("Late content");
  });

  // The client watches every page's requests from the moment it opens, not from the first act.
  it("on a page Loupe has not acted on yet, waits for a request already in flight", async () => {
    const page = await h.client.context.newPage();
    try {
      await page.goto(`${h.servers.originA}/act/late`, { waitUntil: "load" });
      h.model.enqueue(actReply(null, null));
      await h.client.act("read the late content");
      expect(lastUserText(h.model.requests[0]!)).toContain("Late content");
    } finally {
      await page.close();
    }
  });

  it("waits until the DOM stops changing", async () => {
    await h.goto("/act/busy?ms=800");
    h.model.enqueue(actReply(null, null));

    await h.client.act("anything");

    expect(lastUserText(h.model.requests[0]!)).toContain("Done ticking");
  });

  it("is bounded: a page that never stops changing is read after about 3 s", async () => {
    await h.goto("/act/busy");
    h.model.enqueue(actReply(null, null));
    const started = performance.now();

    const result = await h.client.act("anything");

    const elapsed = performance.now() - started;
    expect(result.success).toBe(false);
    // Well past the 300 ms quiet window. Not "≥ 3 s": when the machine is busy, a stall of the page's
    // main thread longer than the quiet window looks like a quiet DOM and ends the wait early.
    expect(elapsed).toBeGreaterThanOrEqual(1_500);
    expect(elapsed).toBeLessThan(5_000);
  });
});

describe("after the action", () => {
  it.each([
    ["at once", ""],
    ["50 ms later (a debounced handler)", "?debounce=50"],
  ])("waits for the request a click set off %s, so the next read sees its effect", async (_label, query) => {
    await h.goto(`/act/click-fetch${query}`);
    const { pageText } = await h.client.extract();
    h.model.enqueue(actReply(idOf(pageText, "button: Load more"), "click"));

    const result = await h.client.act("load more");

    expect(result.success).toBe(true);
    // Read at once, without waiting: act has already waited.
    expect((await h.client.extract()).pageText).toContain("Late content");
  });
});
