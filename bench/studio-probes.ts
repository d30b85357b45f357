/**
 * What the Studio bench injects into the UI page (before its scripts run) to see what a person sees:
 * every live-view frame the `<img>` finished loading, with its time and centre pixel, and every long
 * task (main thread busy > 50 ms). Read back with `readProbes`.
 */
import type { Page } from "playwright-core";

/** One live-view frame as drawn in the UI. */
export interface DrawnFrame {
  /** `Date.now()` in the UI when the image had loaded. */
  at: number;
  /** The frame's centre pixel, red channel (255 on the click page's red, 255 on white too: use `green`). */
  red: number;
  green: number;
}

export interface Probes {
  /** `Date.now()` when the UI first showed its tabs (it renders them only once connected). */
  connectedAt: number;
  frames: DrawnFrame[];
  longTasks: { start: number; duration: number }[];
}

/**
 * The probe script, as text: tsx compiles functions with esbuild's name-keeping helper (`__name`), which
 * does not exist in the page, so code that runs there is written as a string.
 */
const PROBE_SCRIPT = `(() => {
  const probes = { connectedAt: 0, frames: [], longTasks: [] };
  window.__studioBench = probes;
  const watchConnected = () => {
    if (document.querySelector('[role="tab"]')) probes.connectedAt = Date.now();
    else requestAnimationFrame(watchConnected);
  };
  requestAnimationFrame(watchConnected);
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  // load does not bubble; capturing on the document sees every image of the live view.
  document.addEventListener("load", (event) => {
    const image = event.target;
    if (!(image instanceof HTMLImageElement) || !image.closest(".live-surface")) return;
    let red = -1, green = -1;
    if (context && image.naturalWidth > 0) {
      context.drawImage(image, image.naturalWidth / 2, image.naturalHeight / 2, 1, 1, 0, 0, 1, 1);
      [red, green] = context.getImageData(0, 0, 1, 1).data;
    }
    probes.frames.push({ at: Date.now(), red, green });
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      probes.longTasks.push({ start: performance.timeOrigin + entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
})();`;

/** Installs the probes; call before the UI is loaded. */
export async function installProbes(page: Page): Promise<void> {
  await page.addInitScript({ content: PROBE_SCRIPT });
}

/** Clicks the tree's toggle for `products` and resolves with the ms until a frame after 100+ rows are in the DOM. */
export function expandProductsMs(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const tree = '[role="tree"][aria-label="Extract result"]';
    const toggle = [...document.querySelectorAll(tree + " button.json-toggle")].find((button) =>
      /^Expand .*products/.test(button.getAttribute("aria-label") || ""));
    if (!toggle) return reject(new Error("no collapsed products array in the tree"));
    const started = performance.now();
    toggle.click();
    const check = () => {
      if (document.querySelectorAll(tree + " .json-row").length > 100)
        requestAnimationFrame(() => resolve(performance.now() - started));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
}

/** The probes' records so far. */
export function readProbes(page: Page): Promise<Probes> {
  return page.evaluate("window.__studioBench") as Promise<Probes>;
}
