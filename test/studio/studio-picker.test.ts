/**
 * The picker in the real UI: each pick proposes the selector a person would keep — an id, a test id,
 * role and name, a stable class — before a positional chain, never a generated id or class; and the
 * hover highlight goes once the element is picked (read from the live frames, where the browser draws it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isHighlightBlue,
  liveColour,
  onLiveView,
  resizeWindow,
  untilLiveViewFits,
} from "../support/live-view.js";
import { startStudioHarness, type StudioHarness } from "../support/studio-harness.js";
import { WINDOW_SIZES } from "../support/window-sizes.js";

/** White boxes at fixed points, each with a different best selector. */
const box = (left: number, top: number) =>
  `style="position:absolute;left:${left}px;top:${top}px;width:220px;height:60px;margin:0;background:#fff;border:1px solid #999"`;
const PAGE = `<!doctype html><html><head><title>Picks</title></head><body style="margin:0">
<button id="checkout" ${box(20, 20)}>Checkout</button>
<div data-testid="promo-banner" class="css-1x2y3z" ${box(280, 20)}>Spring promo</div>
<button class="sc-bdVaJa kVxZbQ active" ${box(20, 110)}>Add to basket</button>
<h2 id="css-4f8k2q" class="title" ${box(280, 110)}>Harbour Books</h2>
<p class="price" ${box(20, 200)}>€18.90</p>
<p ${box(280, 200)}>Ships in 2 days</p>
<p ${box(20, 290)}>Ships in 2 days</p>
</body></html>`;

/** Each box's top-left corner, the selector its pick should give, and why. */
const PICKS = [
  { left: 20, top: 20, selector: "#checkout", why: "its id" },
  { left: 280, top: 20, selector: '[data-testid="promo-banner"]', why: "a test id, not a generated class" },
  {
    left: 20,
    top: 110,
    selector: "//button[normalize-space()='Add to basket']",
    why: "role and name, not generated or state classes",
  },
  { left: 280, top: 110, selector: "//h2[normalize-space()='Harbour Books']", why: "not a generated id" },
  { left: 20, top: 200, selector: "p.price", why: "a stable class" },
  {
    left: 20,
    top: 290,
    selector: "html:nth-of-type(1) > body:nth-of-type(1) > p:nth-of-type(3)",
    why: "nothing else tells it from its twin: a positional chain, last",
  },
];

describe("the picker", () => {
  let h: StudioHarness;
  beforeAll(async () => {
    h = await startStudioHarness();
    h.servers.route("/e2e/picks", () => PAGE);
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(WINDOW_SIZES)(
    "proposes selectors people keep, positional chains last, and clears its highlight on a pick, at $width×$height",
    { timeout: 180_000 },
    async (size) => {
      await resizeWindow(h.ui, size);
      await h.studio.service.handlers["session.navigate"]({ to: { url: `${h.servers.originA}/e2e/picks` } });
      const text = async () => (await h.studio.service.handlers["snapshot.get"]({})).text;
      await expect.poll(text, { timeout: 30_000 }).toContain("Spring promo");
      const picked = h.ui.getByLabel("Picked selector");
      const viewTop = () =>
        h.ui
          .getByRole("img", { name: "The page, live" })
          .evaluate((img: { getBoundingClientRect(): { top: number } }) => img.getBoundingClientRect().top);
      for (const pick of PICKS) {
        // The bottom right corner of the box, away from its text.
        const inside = { x: pick.left + 205, y: pick.top + 48 };
        const colour = () => liveColour(h.ui, inside.x, inside.y);
        await h.ui.getByRole("button", { name: "Pick" }).click();
        // The picked element's panel under the view changes its height with each pick, and the page
        // then takes the new size: a point is only the same point on the page once the frame fits again.
        await untilLiveViewFits(h.ui);
        const top = await viewTop();
        const point = await onLiveView(h.ui, inside.x, inside.y);
        await h.ui.mouse.move(point.x, point.y);
        await expect.poll(async () => isHighlightBlue(await colour()), { timeout: 15_000 }).toBe(true);
        // The status line now names the element instead of saying what to do: the view must not move,
        // or the click lands on another element than the one highlighted.
        await expect.poll(() => h.ui.locator(".live-hover").textContent()).not.toMatch(/^Point at/);
        expect(await viewTop(), "the view stays put as the pointer names elements").toBe(top);
        const before = (await picked.count()) ? await picked.textContent() : null;
        await h.ui.mouse.click(point.x, point.y);
        await expect.poll(() => picked.textContent(), { timeout: 15_000 }).not.toBe(before);
        expect(await picked.textContent(), pick.why).toBe(pick.selector);
        await expect.poll(async () => isHighlightBlue(await colour()), { timeout: 15_000 }).toBe(false);
        // The picker is off again: a move over the page highlights nothing.
        await h.ui.mouse.move(point.x + 5, point.y + 5);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(isHighlightBlue(await colour())).toBe(false);
      }
      await h.screenshot(`picker-selectors-${size.width}x${size.height}`);
    },
  );
});
