/**
 * The Act panel's controls in the real UI: Ctrl+Enter runs it, the element acted on is highlighted in
 * the live view (read from the frames: the browser draws the highlight into the page) until the page
 * navigates or the next run starts, Cancel and a round-number timeout stop a run before any action with
 * a clear message, and the Copy button keeps its place beside the selector at every window size.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actReplyOn } from "../support/harness.js";
import { isHighlightBlue, liveColour, resizeWindow } from "../support/live-view.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

/**
 * A white button at a fixed place, deep in the page so its selector is long, counting its clicks. The
 * point the test reads the frame at is inside it, away from its text.
 */
const TARGET = `<!doctype html><html><head><title>Act target</title><style>
body{margin:0;background:#fff}
#go{position:absolute;left:40px;top:100px;width:300px;height:160px;background:#fff;border:1px solid #000}
</style></head><body><main><section><div><div><article>
<button id="go" type="button" onclick="this.textContent = 'Clicked ' + (++window.n)">Press me</button>
</article></div></div></section></main><script>window.n = 0;</script></body></html>`;
const INSIDE = { x: 60, y: 120 };

describe("the Act panel's controls", () => {
  let h: StudioHarness;
  let targetUrl: string;
  const form = () => h.ui.getByRole("form", { name: "Act" });
  const pageText = async () => (await h.studio.service.handlers["snapshot.get"]({})).text;
  const colour = () => liveColour(h.ui, INSIDE.x, INSIDE.y);

  /** Opens the target afresh and waits until the live view shows it, unhighlighted. */
  async function openTarget(): Promise<void> {
    await h.studio.service.handlers["session.navigate"]({ to: { url: targetUrl } });
    await expect.poll(pageText, { timeout: 30_000 }).toContain("button: Press me");
    await expect.poll(async () => (await colour()).every((c) => c >= 240), { timeout: 30_000 }).toBe(true);
  }

  beforeAll(async () => {
    h = await startStudioHarness();
    h.servers.route("/e2e/act-target", () => TARGET);
    targetUrl = `${h.servers.originA}/e2e/act-target`;
    await h.ui.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await h.ui.getByRole("tab", { name: "Act", exact: true }).click();
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(WINDOW_SIZES)(
    "runs with Ctrl+Enter and highlights the element acted on until the page navigates, at $width×$height",
    async (size) => {
      await resizeWindow(h.ui, size);
      await openTarget();
      h.model.enqueue(actReplyOn("button: Press me", "click"));
      const instruction = form().getByLabel("Instruction");
      await instruction.fill("press the button");
      await instruction.press("ControlOrMeta+Enter");

      const result = h.ui.getByRole("region", { name: "Act result" });
      // The page changes first: an earlier size's "Done" may still be on screen until the run starts.
      await expect.poll(pageText, { timeout: 30_000 }).toContain("button: Clicked 1");
      await result.getByText("Done").waitFor({ timeout: 30_000 });
      expect(await result.getByRole("note").textContent()).toContain("highlighted in the live view");
      await expect.poll(async () => isHighlightBlue(await colour()), { timeout: 15_000 }).toBe(true);
      await h.screenshot(`act-highlight-${size.width}x${size.height}`);

      // The same page loaded again: only the highlight can make the button blue, and it is gone.
      await openTarget();
    },
  );

  it("clears the highlight when the next run starts, and Cancel stops that run before any action", async () => {
    h.model.enqueue(actReplyOn("button: Press me", "click"));
    await form().getByRole("button", { name: "Run act" }).click();
    await h.ui.getByRole("region", { name: "Act result" }).getByText("Done").waitFor({ timeout: 30_000 });
    await expect.poll(async () => isHighlightBlue(await colour()), { timeout: 15_000 }).toBe(true);

    h.model.enqueue({ hang: true });
    const requests = h.model.requests.length;
    await form().getByRole("button", { name: "Run act" }).click();
    await form().getByRole("status").filter({ hasText: "Running…" }).waitFor();
    await expect.poll(async () => isHighlightBlue(await colour()), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => h.model.requests.length, { timeout: 30_000 }).toBe(requests + 1);

    await form().getByRole("button", { name: "Cancel" }).click();
    expect(await form().getByRole("status").filter({ hasText: "Cancelled" }).textContent()).toBe(
      "Cancelled: The act was cancelled before any action was performed.",
    );
    // Cancel stops the work: the model request is aborted, and the page was not clicked again.
    await expect.poll(() => h.model.requests.at(-1)?.aborted, { timeout: 10_000 }).toBe(true);
    expect(await pageText()).toContain("button: Clicked 1");
    expect(await form().getByRole("button", { name: "Run act" }).isEnabled()).toBe(true);
  });

  it("takes a round-number timeout and says the run timed out before any action", async () => {
    const timeout = form().getByLabel("Timeout (ms)");
    await timeout.fill("3000");
    h.model.enqueue({ hang: true });
    await form().getByLabel("Instruction").press("ControlOrMeta+Enter");
    const alert = form().getByRole("alert");
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toBe(
      "Timed out: The act did not finish within its timeout of 3000 ms, so it was stopped before any " +
        "action was performed. Raise the timeout or use a faster model.",
    );
    await expect.poll(() => h.model.requests.at(-1)?.aborted, { timeout: 10_000 }).toBe(true);
    expect(await pageText()).toContain("button: Clicked 1");

    // A timeout the browser would reject is named, not silently ignored.
    await timeout.fill("2.5");
    await form().getByRole("button", { name: "Run act" }).click();
    expect(await alert.textContent()).toContain("Timeout (ms)");
    await timeout.fill("");
  });

  it("keeps the Copy button beside the selector, on one line, at every window size", async () => {
    h.model.enqueue(actReplyOn("button: Clicked 1", "click"));
    await form().getByRole("button", { name: "Run act" }).click();
    const result = h.ui.getByRole("region", { name: "Act result" });
    await result.getByText("Done").waitFor({ timeout: 30_000 });
    const selector = result.getByLabel("Reusable selector");
    const copy = result.getByRole("button", { name: "Copy selector" });
    const panel = h.ui.locator("#panel-act");
    for (const size of WINDOW_SIZES) {
      await resizeWindow(h.ui, size);
      await copy.scrollIntoViewIfNeeded();
      const before = await copy.boundingBox();
      await copy.click();
      await expect.poll(() => copy.getAttribute("title")).not.toBe("Copy");
      const after = await copy.boundingBox();
      const code = await selector.boundingBox();
      const column = await panel.boundingBox();
      if (!before || !after || !code || !column) throw new Error(`nothing laid out at ${size.width}`);
      await h.screenshot(`act-copy-${size.width}x${size.height}`);
      const at = `${size.width}×${size.height}`;
      expect(after, at).toEqual(before); // "Copied" takes the place "Copy" had
      expect(after.height, `${at}: the label wrapped`).toBeLessThan(36);
      expect(after.x + after.width, at).toBeLessThanOrEqual(column.x + column.width);
      expect(code.x + code.width, `${at}: the selector runs under the button`).toBeLessThanOrEqual(after.x);
      const overflow = await panel.evaluate((element: { scrollWidth: number; clientWidth: number }) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
      }));
      expect(overflow.scroll, `${at}: the panel scrolls sideways`).toBeLessThanOrEqual(overflow.client);
      await expect.poll(() => copy.getAttribute("title"), { timeout: 5_000 }).toBe("Copy");
    }
  });
});
