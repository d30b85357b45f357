import { StudioError } from "./studio-error.js";

/**
 * Every sentence the selector box says about a selector it cannot use, in one place. The browser's own
 * words ("DOM Error while querying", a `SyntaxError` with its stack) say nothing a person can act on.
 */

/** What the box checked a selector against: the step the browser could not parse, if one. */
export interface InvalidStep {
  /** The step's text (the whole selector when it is no chain, or when the chain itself is malformed). */
  step: string;
  /** Whether the step reads as an XPath (starts with /, ( or xpath=). */
  xpath: boolean;
}

const CHAIN_FORMS =
  'a frame step (">> internal:control=enter-frame >>") or a shadow step (">> css=:scope > * >> ' +
  'xpath=parent::node()[not(self::*)]/…"), the forms act returns';

/** Why a selector is invalid, by the form of the step the browser could not parse. */
function invalidReason(selector: string, { step, xpath }: InvalidStep): string {
  const where = step.trim() === selector.trim() ? "it" : `its step "${clip(step)}"`;
  if (xpath)
    return `${where} starts like an XPath (/, ( or xpath=) but the browser cannot evaluate it as one; check its brackets, quotes and axes`;
  if (step.includes(">>")) return `${where} is not CSS: Loupe follows ">>" only as ${CHAIN_FORMS}`;
  return `the browser cannot parse ${where} as CSS (check its brackets, quotes and combinators), and an XPath starts with /, ( or xpath=`;
}

/** A long selector shortened for a sentence (the box shows the whole of it anyway). */
function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** The `invalid_selector` error for a selector neither CSS nor XPath (nor a chain of them). */
export function invalidSelector(selector: string, bad: InvalidStep): StudioError {
  return new StudioError(
    "invalid_selector",
    `"${clip(selector)}" is not a valid CSS selector or XPath: ${invalidReason(selector, bad)}.`,
  );
}

/** The error for a match the page's next document interrupted (the box matches again once it loads). */
export function pageChangedWhileMatching(): StudioError {
  return new StudioError(
    "page_changed",
    "The page changed while the selector was matched: it is matched again on the new page.",
  );
}
