/**
 * Reading the Studio's live view from an end-to-end test: where a page point is drawn on it, and what
 * colour the frame has there (the browser's own highlight is drawn into the frames, not the UI's DOM).
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The live view's <img> as a test reads it (tests are type-checked without the DOM library). */
interface DrawnImage {
  naturalWidth: number;
  naturalHeight: number;
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  parentElement: { clientWidth: number; clientHeight: number } | null;
}

/**
 * Waits until the live view's frame is the size of its pane (the page was given the pane's size and a
 * frame at that size arrived) and answers both sizes. Until then a point on the view is not yet the
 * same point on the page, so a test that resized the window waits for this before pointing at things.
 */
export async function untilLiveViewFits(ui: Page): Promise<{ frame: string; pane: string }> {
  let reading = { frame: "", pane: "" };
  await expect
    .poll(
      async () => {
        reading = await ui.getByRole("img", { name: "The page, live" }).evaluate((img: DrawnImage) => ({
          frame: `${img.naturalWidth}×${img.naturalHeight}`,
          pane: `${img.parentElement?.clientWidth}×${img.parentElement?.clientHeight}`,
        }));
        return reading.frame === reading.pane ? "fitted" : `frame ${reading.frame}, pane ${reading.pane}`;
      },
      { timeout: 20_000 },
    )
    .toBe("fitted");
  return reading;
}

/** Gives the UI's window a size and waits until the live view shows the page at its new pane size. */
export async function resizeWindow(ui: Page, size: { width: number; height: number }): Promise<void> {
  await ui.setViewportSize(size);
  await untilLiveViewFits(ui);
}

/**
 * Where a page CSS point is drawn on the live view (the frame shows the viewport at 1:1, contained in
 * the view and drawn from its top, centred across).
 */
export async function onLiveView(ui: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return ui.getByRole("img", { name: "The page, live" }).evaluate(
    (img: DrawnImage, point) => {
      const box = img.getBoundingClientRect();
      const scale = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight);
      return {
        x: box.left + (box.width - img.naturalWidth * scale) / 2 + point.x * scale,
        y: box.top + point.y * scale,
      };
    },
    { x, y },
  );
}

/** The mean colour of the live frame in the 5×5 pixels around page point (x, y), as [r, g, b]. */
export async function liveColour(ui: Page, x: number, y: number): Promise<[number, number, number]> {
  return ui.evaluate(`(() => {
    const img = document.querySelector('img[alt="The page, live"]');
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d");
    context.drawImage(img, 0, 0);
    const data = context.getImageData(${Math.round(x) - 2}, ${Math.round(y) - 2}, 5, 5).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += data[i + c];
    return sum.map((total) => Math.round(total / 25));
  })()`);
}

/**
 * Whether a colour is the browser's element highlight (DevTools' content blue, 111,168,220 at 66%,
 * over the element): clearly bluer than it is red. A white or grey element is not.
 */
export function isHighlightBlue([red, green, blue]: [number, number, number]): boolean {
  return blue - red > 40 && green - red > 15;
}
