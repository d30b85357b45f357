/**
 * The selector box in the real UI, at each window size: CSS and XPath counted as they are typed, the
 * chain act returns for an element in a cross-origin iframe (typed, and sent from act's result with
 * Test), the picker's selector sent there with Test,
 * an invalid selector's sentence, the outlines on the live view (read from the frames, and from the page,
 * which reports what it holds), the box emptied, a navigation matched again, and a slow answer for text
 * typed before never overwriting the newer one. Keyboard-reachable, no serious axe violation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe-scan.js";
import { actReplyOn } from "../support/harness.js";
import { liveColour, onLiveView } from "../support/live-view.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

/**
 * White items at fixed points (`items` of them visible, one hidden), a cross-origin iframe with a button,
 * a white bar fixed in the viewport, a page tall enough to scroll, and `#probe`, where the page writes
 * how many outlines it holds and where (a MutationObserver on its own DOM).
 */
const PAGE = (originB: string, items: number) => `<!doctype html><html><head><title>Box ${items}</title>
<style>body{margin:0;background:#fff;min-height:3000px} ul{margin:0;padding:0}
.pinned{position:fixed;left:20px;top:320px;width:150px;height:40px;margin:0;background:#fff}
li{position:absolute;left:20px;width:200px;height:40px;list-style:none;background:#fff;border:1px solid #ccc}
iframe{position:absolute;left:300px;top:20px;width:240px;height:120px;border:0}</style></head><body>
<ul>${Array.from({ length: items }, (_, i) => `<li class="item" style="top:${20 + i * 60}px">Item ${i + 1}</li>`).join("")}
<li class="item" style="display:none">Hidden item</li></ul>
<iframe title="Cross" src="${originB}/e2e/selector-inner"></iframe>
<p id="probe" style="position:absolute;left:300px;top:200px">outlines: none</p>
<p class="pinned">Pinned</p>
<script>
const probe = document.getElementById("probe");
new MutationObserver(() => {
  const held = document.querySelector("loupe-selector-outlines");
  const text = "outlines: " + (held ? held.getAttribute("data-boxes") + " at " + held.getAttribute("data-key") : "none");
  if (probe.textContent !== text) probe.textContent = text;
}).observe(document.documentElement, { childList: true });
</script></body></html>`;

const INNER = `<!doctype html><html><head><title>Inner</title></head><body style="margin:0;background:#fff">
<button type="button" onclick="this.textContent='Pressed'" style="position:absolute;left:10px;top:10px;width:150px;height:40px">Inside</button>
</body></html>`;

/** A point inside the first item, away from its text: white, unless an outline covers it. */
const IN_FIRST_ITEM = { x: 200, y: 50 };
/** A point inside the fixed bar, away from its text. */
const IN_PINNED = { x: 150, y: 350 };

/** Whether a colour is the outline's orange wash over white (232,113,10 at 18%), not white or grey. */
function isOutlineOrange([red, green, blue]: [number, number, number]): boolean {
  return red - blue > 25 && red - green > 8;
}

describe("the selector box", () => {
  let h: StudioHarness;
  let pageUrl: (items: number) => string;
  const box = () => h.ui.getByLabel("Test a selector");
  const status = () => h.ui.locator(".selector-box").getByRole("status");
  const probe = async () =>
    /outlines: (\w+)/.exec((await h.studio.service.handlers["snapshot.get"]({})).text)?.[1];
  /** Where the outlines the page holds are drawn, in document pixels ("none" when it holds none). */
  const placed = async () =>
    /outlines: (?:\d+ at ([\d,;]+)|none)/.exec(
      (await h.studio.service.handlers["snapshot.get"]({})).text,
    )?.[1] ?? "none";
  const colour = () => liveColour(h.ui, IN_FIRST_ITEM.x, IN_FIRST_ITEM.y);
  const focused = () =>
    h.ui.evaluate<string | null>(
      "document.activeElement && document.activeElement.getAttribute('aria-label')",
    );

  /** Types into the box (as a person does, key by key) and waits for what the box says. */
  async function typeSelector(selector: string, says: string | RegExp): Promise<void> {
    await box().fill("");
    await box().pressSequentially(selector);
    await expect.poll(() => status().textContent(), { timeout: 30_000 }).toMatch(says);
  }

  async function open(items: number): Promise<void> {
    await h.studio.service.handlers["session.navigate"]({ to: { url: pageUrl(items) } });
    await expect
      .poll(async () => (await h.studio.service.handlers["snapshot.get"]({})).text, { timeout: 30_000 })
      .toContain("button: Inside");
  }

  beforeAll(async () => {
    h = await startStudioHarness();
    h.servers.route("/e2e/selector-page-3", () => PAGE(h.servers.originB, 3));
    h.servers.route("/e2e/selector-page-5", () => PAGE(h.servers.originB, 5));
    h.servers.route("/e2e/selector-inner", () => INNER);
    pageUrl = (items) => `${h.servers.originA}/e2e/selector-page-${items}`;
    await h.ui.getByRole("tab", { name: "Act", exact: true }).click();
  });
  afterAll(async () => {
    await h?.close();
  });

  for (const size of WINDOW_SIZES) {
    it(`counts, outlines and explains selectors as they are typed at ${size.width}×${size.height}`, async () => {
      await h.ui.setViewportSize(size);
      await box().fill("");
      await open(3);

      // Reached from the Pick button with the keyboard.
      await h.ui.getByRole("button", { name: "Pick" }).focus();
      for (let presses = 0; presses < 6 && (await focused()) !== "Test a selector"; presses++)
        await h.ui.keyboard.press("Tab");
      expect(await focused()).toBe("Test a selector");

      // CSS: every match counted (the hidden one too), the visible ones outlined on the live view.
      await typeSelector("li.item", "4 matches, 3 in view");
      await expect.poll(probe, { timeout: 15_000 }).toBe("3");
      await expect.poll(async () => isOutlineOrange(await colour()), { timeout: 15_000 }).toBe(true);
      await h.screenshot(`selector-box-${size.width}x${size.height}`);
      expect(await seriousAxeViolations(h.ui)).toEqual([]);

      // The page scrolled under the outlines: the box says how many are in view now…
      const wheelAt = await onLiveView(h.ui, 120, 250);
      await h.ui.mouse.move(wheelAt.x, wheelAt.y);
      await h.ui.mouse.wheel(0, 400);
      await expect.poll(() => status().textContent(), { timeout: 15_000 }).toBe("4 matches, none in view");
      // …and the fixed bar keeps its outline as the page scrolls under it: drawn again where it now is.
      await typeSelector(".pinned", /^1 match$/);
      const scrolledDown = await placed();
      expect(scrolledDown).not.toBe("none");
      await h.ui.mouse.wheel(0, -400);
      await expect.poll(placed, { timeout: 15_000 }).not.toBe(scrolledDown);
      await expect
        .poll(async () => isOutlineOrange(await liveColour(h.ui, IN_PINNED.x, IN_PINNED.y)), {
          timeout: 15_000,
        })
        .toBe(true);

      // XPath, as typed and with the prefix act writes.
      await typeSelector("//li[contains(., 'Item')][position() < 3]", /^2 matches$/);
      await typeSelector("xpath=//li[normalize-space()='Item 3']", /^1 match$/);
      await expect.poll(probe, { timeout: 15_000 }).toBe("1");

      // An invalid selector: one sentence, no browser noise; its outlines are gone.
      await typeSelector(
        "li[class=",
        /is not a valid CSS selector or XPath: the browser cannot parse it as CSS/,
      );
      expect(await status().textContent()).not.toMatch(/Call log|DOM Error|SyntaxError/);
      await expect.poll(probe, { timeout: 15_000 }).toBe("none");

      // The box emptied: no outlines, nothing said.
      await typeSelector("li.item", "4 matches, 3 in view");
      await expect.poll(probe, { timeout: 15_000 }).toBe("3");
      await box().press("Escape");
      expect(await box().inputValue()).toBe("");
      await expect.poll(probe, { timeout: 15_000 }).toBe("none");
      await expect.poll(async () => isOutlineOrange(await colour()), { timeout: 15_000 }).toBe(false);
      expect(await status().textContent()).toBe("");

      // A navigation matches again: the next page has five items.
      await typeSelector("li.item", "4 matches, 3 in view");
      await h.ui.getByRole("textbox", { name: "Address" }).fill(pageUrl(5));
      await h.ui.getByRole("textbox", { name: "Address" }).press("Enter");
      await expect.poll(() => status().textContent(), { timeout: 30_000 }).toMatch(/^6 matches/);
      await expect.poll(probe, { timeout: 15_000 }).not.toBe("none");
      await open(3);
      await expect.poll(() => status().textContent(), { timeout: 30_000 }).toBe("4 matches, 3 in view");
    });
  }

  it("takes the chain act returns for an element in a cross-origin iframe", async () => {
    await open(3);
    h.model.enqueue(actReplyOn("button: Inside", "click"));
    const form = h.ui.getByRole("form", { name: "Act" });
    await form.getByLabel("Instruction").fill("press the inside button");
    await form.getByRole("button", { name: "Run act" }).click();
    const result = h.ui.getByRole("region", { name: "Act result" });
    await result.getByText("Done").waitFor({ timeout: 30_000 });
    const chain = (await result.getByLabel("Reusable selector").textContent()) ?? "";
    expect(chain).toMatch(/^xpath=.* >> internal:control=enter-frame >> xpath=/);
    // Typed…
    await typeSelector(chain, /^1 match$/);
    await expect.poll(probe, { timeout: 15_000 }).toBe("1");
    await box().fill("");
    await expect.poll(probe, { timeout: 15_000 }).toBe("none");
    // …or sent from the result with Test.
    await result.getByRole("button", { name: "Test" }).click();
    await expect.poll(() => box().inputValue()).toBe(chain);
    await expect.poll(focused).toBe("Test a selector");
    await expect.poll(() => status().textContent(), { timeout: 30_000 }).toBe("1 match");
    await expect.poll(probe, { timeout: 15_000 }).toBe("1");
    await box().fill("");
  });

  it("tests the picked element's selector with Test", async () => {
    await open(3);
    await h.ui.getByRole("button", { name: "Pick" }).click();
    const point = await onLiveView(h.ui, IN_FIRST_ITEM.x, IN_FIRST_ITEM.y);
    await h.ui.mouse.move(point.x, point.y);
    await h.ui.mouse.click(point.x, point.y);
    const picked = h.ui.getByLabel("Picked selector");
    await expect.poll(() => picked.textContent(), { timeout: 15_000 }).toMatch(/li/);
    const selector = (await picked.textContent()) ?? "";
    await h.ui.getByRole("region", { name: "Picked element" }).getByRole("button", { name: "Test" }).click();
    await expect.poll(() => box().inputValue()).toBe(selector);
    await expect.poll(focused).toBe("Test a selector");
    await expect.poll(() => status().textContent(), { timeout: 30_000 }).toBe("1 match");
    await expect.poll(probe, { timeout: 15_000 }).toBe("1");
    await box().fill("");
  });

  it("never lets a slow answer for older text overwrite the newer one", async () => {
    await open(3);
    const handlers = h.studio.service.handlers;
    const match = handlers["selector.match"];
    // Holds the answer for the first text until the newer one has been answered and shown.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let oldAsked = false;
    let oldAnswered = false;
    handlers["selector.match"] = async (params) => {
      if (params.selector !== "li") return match(params);
      oldAsked = true;
      const answer = await match(params);
      await held;
      oldAnswered = true;
      return answer;
    };
    try {
      await box().fill("");
      await box().pressSequentially("li");
      await expect.poll(() => oldAsked, { timeout: 15_000 }).toBe(true);
      await box().pressSequentially(":first-child");
      await expect.poll(() => status().textContent(), { timeout: 30_000 }).toBe("1 match");
      await expect.poll(probe, { timeout: 15_000 }).toBe("1");
      release();
      await expect.poll(() => oldAnswered, { timeout: 15_000 }).toBe(true);
      // The old answer ("4 matches, 3 in view") reached the UI: it must not show, nor its outlines.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await status().textContent()).toBe("1 match");
      expect(await probe()).toBe("1");
    } finally {
      release();
      handlers["selector.match"] = match;
      await box().fill("");
    }
  });
});
