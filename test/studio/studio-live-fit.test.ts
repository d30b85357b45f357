/**
 * The live view fits the window: the page's viewport is the pane's size at every window size (no black
 * bands, no shrunk page), follows the divider and the window, and a new tab gets the same size; an
 * extract leaves the live frame sharp (no quarter-scale thumbnail frame in between).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilLiveViewFits } from "../support/live-view.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

const OPENER = `<!doctype html><html><head><title>Opener</title></head><body>
<a id="open" href="/opened.html" target="_blank" style="position:absolute;left:0;top:0;font-size:40px">Open a tab</a>
</body></html>`;
const OPENED = `<!doctype html><html><head><title>Opened</title></head><body><p>The new tab</p></body></html>`;

/** The live view's <img> as the test reads it (this file is type-checked without the DOM library). */
interface DrawnImage {
  naturalWidth: number;
  naturalHeight: number;
  parentElement: { clientWidth: number; clientHeight: number } | null;
}

describe("the live view fits the window", () => {
  let h: StudioHarness;

  beforeAll(async () => {
    h = await startStudioHarness();
    h.servers.route("/opener.html", () => OPENER);
    h.servers.route("/opened.html", () => OPENED);
  });
  afterAll(async () => {
    await h?.close();
  });

  const image = () => h.ui.getByRole("img", { name: "The page, live" });

  const fitted = () => untilLiveViewFits(h.ui);

  for (const size of WINDOW_SIZES) {
    it(`shows the page at the pane's size at ${size.width}×${size.height}, with Run in view`, async () => {
      await h.ui.setViewportSize(size);
      const { frame } = await fitted();
      expect(await h.ui.getByText(frame, { exact: true }).count()).toBe(1);
      const run = await h.ui.getByRole("button", { name: "Run", exact: true }).boundingBox();
      expect(run && run.y + run.height).toBeLessThanOrEqual(size.height);
      await h.screenshot(`live-fit-${size.width}x${size.height}`);
    });
  }

  it("follows the divider, by mouse and by keyboard", async () => {
    await h.ui.setViewportSize(WINDOW_SIZES[0]);
    const before = await fitted();
    const divider = h.ui.getByRole("separator", { name: "Resize the page and the tools" });
    const box = await divider.boundingBox();
    if (!box) throw new Error("The divider is not drawn.");
    await h.ui.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await h.ui.mouse.down();
    await h.ui.mouse.move(box.x - 200, box.y + box.height / 2, { steps: 5 });
    await h.ui.mouse.up();
    const dragged = await fitted();
    expect(Number.parseInt(dragged.pane)).toBeLessThan(Number.parseInt(before.pane) - 150);

    await divider.focus();
    await h.ui.keyboard.press("ArrowRight");
    await h.ui.keyboard.press("ArrowRight");
    const keyed = await fitted();
    expect(Number.parseInt(keyed.pane)).toBe(Number.parseInt(dragged.pane) + 64);
    expect(await divider.getAttribute("aria-valuenow")).toBeTruthy();
  });

  it("gives a new tab the same viewport", async () => {
    const address = h.ui.getByRole("textbox", { name: "Address" });
    await address.fill(`${h.servers.originA}/opener.html`);
    await address.press("Enter");
    await h.ui.getByRole("tab", { name: "Opener" }).waitFor();
    const before = await fitted();
    await h.ui.mouse.click(...(await linkPoint()));
    const opened = h.ui.getByRole("tab", { name: "Opened" });
    await opened.waitFor();
    await expect.poll(() => opened.getAttribute("aria-selected")).toBe("true");
    // The new tab's own frame, not the opener's last one.
    await expect
      .poll(async () => (await h.studio.service.handlers["snapshot.get"]({})).text, { timeout: 20_000 })
      .toContain("The new tab");
    expect(await fitted()).toEqual(before);
  });

  it.each(WINDOW_SIZES)("keeps the live frame sharp through an extract at $width×$height", async (size) => {
    await h.ui.setViewportSize(size);
    const { frame } = await fitted();
    // Every frame drawn from here on, as the image decodes it.
    await image().evaluate((img: DrawnImage & { addEventListener(t: string, f: () => void): void }) => {
      const sizes: string[] = [];
      (globalThis as { drawnSizes?: string[] }).drawnSizes = sizes;
      img.addEventListener("load", () => sizes.push(`${img.naturalWidth}×${img.naturalHeight}`));
    });
    const runs = (await h.studio.service.handlers["history.list"]({})).runs.length;
    await h.ui.getByRole("tab", { name: "Extract" }).click();
    await h.ui.getByRole("form", { name: "Extract" }).getByLabel("Instruction").fill("");
    await h.ui.getByRole("button", { name: "Run", exact: true }).click();
    await expect
      .poll(async () => (await h.studio.service.handlers["history.list"]({})).runs.length, {
        timeout: 30_000,
      })
      .toBe(runs + 1);
    const [run] = (await h.studio.service.handlers["history.list"]({})).runs;
    expect(run?.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    // The thumbnail was taken; give a frame it caused time to arrive, and make the page repaint once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const drawn = await h.ui.evaluate(() => (globalThis as { drawnSizes?: string[] }).drawnSizes ?? []);
    expect(drawn.filter((size) => size !== frame)).toEqual([]);
  });

  /** Where the opener page's link is drawn on the live view. */
  async function linkPoint(): Promise<[number, number]> {
    const box = await image().boundingBox();
    if (!box) throw new Error("The live view is not drawn.");
    return [box.x + 40, box.y + 25];
  }
});
