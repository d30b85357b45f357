import { isXPath, parseSelectorChain, SHADOW_ROOT_XPATH, type TargetSession } from "@loupe/core/engine";

/** A step of a selector the browser cannot parse: its text, and whether it reads as an XPath. */
export interface BadStep {
  step: string;
  xpath: boolean;
}

/**
 * Runs in the page: the index of the first expression the browser cannot parse, or -1. CSS is parsed by
 * the same engine `DOM.querySelectorAll` uses, XPath by `document.createExpression`; nothing is matched.
 */
const CHECK_FUNCTION = `function (steps) {
  const fragment = document.createDocumentFragment();
  for (let i = 0; i < steps.length; i++) {
    try {
      if (steps[i].xpath) document.createExpression(steps[i].text);
      else fragment.querySelector(steps[i].text);
    } catch {
      return i;
    }
  }
  return -1;
}`;

/**
 * The first step of a selector (the whole selector when it is no chain) that is neither valid CSS nor
 * valid XPath, or undefined when every step parses. A chain with an empty step is bad as a whole.
 * Checked before matching, so that a typo is told apart from a chain whose step leads nowhere.
 */
export async function badSelectorStep(root: TargetSession, selector: string): Promise<BadStep | undefined> {
  let steps;
  try {
    steps = parseSelectorChain(selector);
  } catch {
    return { step: selector, xpath: isXPath(selector) };
  }
  const checks = steps.map((step) =>
    step.enter === "shadow"
      ? { text: `${SHADOW_ROOT_XPATH}${step.xpath}`, xpath: true, step: step.xpath }
      : {
          text: step.selector.replace(/^xpath=/, ""),
          xpath: isXPath(step.selector),
          step: step.selector,
        },
  );
  const { result } = await root.send("Runtime.evaluate", {
    expression: `(${CHECK_FUNCTION})(${JSON.stringify(checks.map(({ text, xpath }) => ({ text, xpath })))})`,
    returnByValue: true,
  });
  const index = typeof result.value === "number" ? result.value : -1;
  const bad = checks[index];
  return bad ? { step: bad.step, xpath: bad.xpath } : undefined;
}
