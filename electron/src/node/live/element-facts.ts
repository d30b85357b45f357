/** What a picked element (or one of its ancestors) offers a selector. */
export interface NodeFacts {
  /** The local name, as CSS and XPath write it. */
  tag: string;
  /** Whether it is an HTML element (an SVG or MathML one is named `*[name()='…']` in XPath). */
  html: boolean;
  id: string;
  classes: string[];
  /** The attributes a selector may use, when present: test ids, `role`, `aria-label`, `name`, … */
  attributes: Record<string, string>;
  /** Its position among its parent's children with the same tag, from 1. */
  nthOfType: number;
}

/** The picked element as the page describes it. */
export interface ElementFacts {
  /** The element, then each ancestor up to the top of its root (the document, or its shadow root). */
  path: NodeFacts[];
  /** Whether it lives in a shadow root, which an absolute XPath cannot reach. */
  inShadow: boolean;
  /** Its text with white space collapsed, when short enough to name it (80 characters). */
  text?: string;
}

/** The attributes `ELEMENT_FACTS_FUNCTION` reads, in the order selectors prefer them. */
export const TEST_ID_ATTRIBUTES = ["data-testid", "data-test-id", "data-test", "data-qa", "data-cy"];
export const NAMING_ATTRIBUTES = ["role", "aria-label", "name", "placeholder", "title", "href", "type"];

/**
 * Runs in the page on the picked element (`Runtime.callFunctionOn`) and returns its `ElementFacts`: the
 * page only reports what is there, and the Studio builds and ranks selectors from it.
 */
export const ELEMENT_FACTS_FUNCTION = `function () {
  const wanted = ${JSON.stringify([...TEST_ID_ATTRIBUTES, ...NAMING_ATTRIBUTES])};
  const root = this.getRootNode();
  const path = [];
  for (let node = this; node && node.nodeType === 1; node = node.parentNode) {
    let nthOfType = 1;
    for (let s = node.previousElementSibling; s; s = s.previousElementSibling)
      if (s.localName === node.localName) nthOfType++;
    const attributes = {};
    for (const name of wanted) {
      const value = node.getAttribute(name);
      if (value) attributes[name] = value;
    }
    path.push({
      tag: node.localName,
      html: node.namespaceURI === "http://www.w3.org/1999/xhtml",
      id: node.id || "",
      classes: Array.from(node.classList),
      attributes,
      nthOfType,
    });
    if (node.parentNode === root) break;
  }
  const text = (this.textContent || "").replace(/\\s+/g, " ").trim();
  return {
    path,
    inShadow: root instanceof ShadowRoot,
    ...(text && text.length <= 80 ? { text } : {}),
  };
}`;
