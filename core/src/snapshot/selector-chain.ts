import { ClientError } from "../errors.js";

/**
 * Loupe's chained selectors: the form `reusableSelector` writes for an element inside iframes and shadow
 * roots, and `matchSelectors` follows. Each step is written in Playwright's selector syntax, so that
 * Playwright's `page.locator()` follows the same chain to the same element (open shadow roots only: see
 * `SHADOW_STEP_TEXT`).
 */

/** Playwright's frame step: what follows is matched in the content document of the frame before it. */
export const FRAME_STEP_TEXT = " >> internal:control=enter-frame >> ";

/** The start of a shadow step's XPath: from a shadow root's top-level element, up to the shadow root. */
export const SHADOW_ROOT_XPATH = "parent::node()[not(self::*)]";

/**
 * The shadow step: what follows (an XPath from the shadow root, like `/div[1]/button[2]`) is matched in
 * the shadow root of the element before it. It is two Playwright steps: `css=:scope > *` takes that
 * element's top-level shadow children (Playwright's CSS pierces open shadow roots) and its own children,
 * then the XPath `parent::node()[not(self::*)]` climbs from each to a parent that is not an element — the
 * shadow root; an own child's parent is the element itself, so it drops out. XPath cannot cross a shadow
 * boundary, so the path after it stays in that one shadow root, and Playwright and Loupe find the same
 * element. Playwright cannot see closed shadow roots: it finds nothing there (never another element),
 * while Loupe reads them through the DevTools protocol.
 */
export const SHADOW_STEP_TEXT = ` >> css=:scope > * >> xpath=${SHADOW_ROOT_XPATH}`;

/** One step of a chained selector: where it is matched, and its text. */
export type SelectorStep =
  /** The first step: matched in the page (CSS or XPath). */
  | { enter: "page"; selector: string }
  /** Matched in the content document of the `<iframe>` the step before matched (CSS or XPath). */
  | { enter: "frame"; selector: string }
  /** An XPath matched from the shadow root of the element the step before matched. */
  | { enter: "shadow"; xpath: string };

// Whitespace around `>>` and inside `:scope > *` is free, as it is for Playwright. A match starts where
// the whitespace before `>>` does, never inside it (a long run would be rescanned from each space).
const HOPS =
  /(?<!\s)\s*>>\s*(?:(?<frame>internal:control=enter-frame\s*>>\s*)|css=:scope\s*>\s*\*\s*>>\s*xpath=parent::node\(\)\[not\(self::\*\)\])/g;

/**
 * A selector's steps. A plain selector is one `page` step; `iframe-selector >> internal:control=enter-frame
 * >> selector` adds a `frame` step; `host-selector >> css=:scope > * >> xpath=parent::node()[not(self::*)]/path`
 * adds a `shadow` step with the XPath `/path`. Any other `>>` is left inside the step it is in.
 * @throws ClientError when a step is empty, or a frame or shadow step has nothing before it.
 */
export function parseSelectorChain(selector: string): SelectorStep[] {
  const text = selector.trim();
  const steps: SelectorStep[] = [];
  let enter: SelectorStep["enter"] = "page";
  let start = 0;
  const push = (end: number) => {
    const part = text.slice(start, end);
    if (enter === "shadow") {
      if (!part.trim())
        throw new ClientError(
          `The shadow step of selector "${selector}" has no path after it. Follow it with an XPath from ` +
            `the shadow root, like "${SHADOW_STEP_TEXT.trim()}/div[1]".`,
        );
      steps.push({ enter, xpath: part.trim() });
    } else {
      if (!part.trim())
        throw new ClientError(
          `The selector "${selector}" has an empty step. Each step of a chain is a CSS selector or an XPath.`,
        );
      steps.push({ enter, selector: part.trim() });
    }
  };
  for (const hop of text.matchAll(HOPS)) {
    push(hop.index);
    enter = hop.groups?.["frame"] ? "frame" : "shadow";
    start = hop.index + hop[0].length;
  }
  push(text.length);
  return steps;
}

/** Writes steps as one selector, the inverse of `parseSelectorChain`. */
export function formatSelectorChain(steps: SelectorStep[]): string {
  return steps
    .map((step) => {
      if (step.enter === "shadow") return `${SHADOW_STEP_TEXT}${step.xpath}`;
      return step.enter === "frame" ? `${FRAME_STEP_TEXT}${step.selector}` : step.selector;
    })
    .join("");
}

/** A step as it stands in the selector, for error messages (a shadow step: its XPath part). */
export function stepText(step: SelectorStep): string {
  return step.enter === "shadow" ? `xpath=${SHADOW_ROOT_XPATH}${step.xpath}` : step.selector;
}
