/**
 * Panels the page's chrome opens: a header's button that shows a search drawer, a menu or the US
 * government's "Here's how you know" banner names the panel it opens (`aria-controls`, with
 * `aria-expanded` saying whether it is open), and the panel often sits outside the header, where the
 * landmark rule does not reach it. What the page's header or navigation opens is the header's or the
 * navigation's, and goes with it.
 *
 * Only disclosures (`aria-expanded`) count, not tabs: a navigation of tabs (`role="tab"`, Bootstrap's
 * `nav-tabs`) shows the page's own panels — a product's description, its specifications — which stay.
 */
import { forEachDescendant, type LightElement } from "../dom/light-dom.js";

/** Tags and roles of the landmarks whose controls open chrome: the page's header and its navigation. */
const CHROME_LANDMARKS = new Set(["header", "nav", "banner", "navigation"]);

/** Whether a landmark removed as furniture is the page's chrome (its header or a navigation). */
export function isChromeLandmark(el: LightElement): boolean {
  return (
    CHROME_LANDMARKS.has(el.tag) || CHROME_LANDMARKS.has(el.attrs.get("role")?.trim().toLowerCase() ?? "")
  );
}

/**
 * The panels below `root` that controls inside `chrome` open, outside the elements already `removed`.
 * `spared` tells what a panel must never be, whatever opens it (a wrapper of the main content or of the
 * page's declared subject); `maxChars` bounds a panel's size: above it an element is a layout wrapper.
 */
export function panelsOpenedFrom(
  root: LightElement,
  chrome: readonly LightElement[],
  removed: readonly LightElement[],
  spared: (el: LightElement) => boolean,
  maxChars: number,
): LightElement[] {
  const ids = new Set<string>();
  for (const landmark of chrome)
    forEachDescendant(landmark, (node) => {
      if (node.type === "text") return false;
      const controls = node.attrs.get("aria-controls");
      if (controls && node.attrs.has("aria-expanded") && node.attrs.get("role")?.trim() !== "tab")
        for (const id of controls.split(/\s+/)) if (id) ids.add(id);
      return true;
    });
  if (!ids.size) return [];
  const gone = new Set(removed);
  const panels: LightElement[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "text" || gone.has(node)) return false;
    const id = node.attrs.get("id");
    if (
      id !== undefined &&
      ids.has(id) &&
      node.attrs.get("role")?.trim() !== "tabpanel" &&
      node.stats.nonSpace <= maxChars &&
      !spared(node)
    ) {
      panels.push(node);
      return false;
    }
    return true;
  });
  return panels;
}
