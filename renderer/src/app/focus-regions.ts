/**
 * F6 regions, as in browsers and VS Code: F6 moves focus to the next region of the Studio, Shift+F6 to
 * the previous one, from anywhere (the live view included, whose other keys go to the page). A region
 * is an element marked `data-region`; focus lands on its `[data-region-entry]` element when it has a
 * visible one, otherwise on its first focusable element.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function visible(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

/** The elements inside `root` that Tab can reach and that are on screen, in document order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible);
}

function entryOf(region: HTMLElement): HTMLElement | undefined {
  if (region.matches("[data-region-entry]")) return region;
  const entry = region.querySelector<HTMLElement>("[data-region-entry]");
  if (entry && visible(entry)) return entry;
  return focusableIn(region)[0];
}

/** Focuses the region `step` away from the one holding `from` (the first one when none holds it). */
export function focusRegion(from: Element | null, step: 1 | -1): void {
  const regions = [...document.querySelectorAll<HTMLElement>("[data-region]")].filter(visible);
  if (regions.length === 0) return;
  // Regions may nest (the live view inside the page column): the innermost one holding focus counts.
  let current = -1;
  regions.forEach((region, index) => {
    if (from !== null && region.contains(from)) current = index;
  });
  for (let i = 1; i <= regions.length; i++) {
    const index = current < 0 ? (step > 0 ? i - 1 : regions.length - i) : current + step * i;
    const region = regions[(index + regions.length * 2) % regions.length];
    const entry = region && entryOf(region);
    if (entry) {
      entry.focus();
      return;
    }
  }
}
