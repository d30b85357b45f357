import { cssIdentifier, cssString } from "./css-escape.js";
import { TEST_ID_ATTRIBUTES, type ElementFacts, type NodeFacts } from "./element-facts.js";
import { isGeneratedName, isStateClass } from "./generated-names.js";

/** Tags a person names by their text: a button is "Add to basket", a heading is its words. */
const NAMED_BY_TEXT = new Set([
  "a",
  "button",
  "summary",
  "label",
  "legend",
  "option",
  "th",
  "caption",
  "figcaption",
  "dt",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
]);
const ROLES_NAMED_BY_TEXT = new Set([
  "button",
  "link",
  "tab",
  "menuitem",
  "option",
  "heading",
  "checkbox",
  "radio",
  "switch",
  "treeitem",
]);

/**
 * Selectors that may find a picked element again, the ones a person would keep first: its own id, a
 * test id, its role and name (label, text, form name), a stable class, then the same scoped under the
 * nearest ancestor with an id or test id, and only then positional chains (`nth-of-type`), an XPath by
 * any text, and the absolute XPath. Generated-looking ids and classes (`css-1x2y3z`) and state classes
 * (`active`) are left out: the next build or click changes them. The caller keeps the first candidate
 * that matches this element alone.
 */
export function selectorCandidates(facts: ElementFacts): string[] {
  const [element, ...ancestors] = facts.path;
  if (!element) return [];
  const out = new Set<string>();
  const tag = cssIdentifier(element.tag);
  const attribute = (name: string) => element.attributes[name];

  if (element.id && !isGeneratedName(element.id)) out.add(`#${cssIdentifier(element.id)}`);
  for (const name of TEST_ID_ATTRIBUTES) {
    const value = attribute(name);
    if (value) out.add(`[${name}=${cssString(value)}]`);
  }

  const label = attribute("aria-label");
  if (label) out.add(`${tag}[aria-label=${cssString(label)}]`);
  const byText = facts.text && element.html ? textXPath(element, facts.text) : undefined;
  if (byText && namedByText(element)) out.add(byText);
  for (const name of ["name", "placeholder", "title"]) {
    const value = attribute(name);
    if (value) out.add(`${tag}[${name}=${cssString(value)}]`);
  }
  const href = element.tag === "a" ? attribute("href") : undefined;
  if (href) out.add(`a[href=${cssString(href)}]`);

  const classes = stableClasses(element).slice(0, 3);
  for (const name of classes) out.add(`${tag}.${cssIdentifier(name)}`);
  const allClasses = `${tag}${classes.map((name) => `.${cssIdentifier(name)}`).join("")}`;
  if (classes.length > 1) out.add(allClasses);

  const anchorIndex = ancestors.findIndex((node) => anchorOf(node) !== undefined);
  const anchor = anchorIndex >= 0 ? ancestors[anchorIndex] : undefined;
  const scope = anchor ? anchorOf(anchor) : undefined;
  if (scope) {
    if (classes.length) out.add(`${scope} ${allClasses}`);
    out.add(`${scope} ${tag}`);
  }

  const upTo = anchorIndex >= 0 ? anchorIndex + 1 : facts.path.length;
  const chain = facts.path
    .slice(0, upTo)
    .map((node) => `${cssIdentifier(node.tag)}:nth-of-type(${node.nthOfType})`)
    .reverse()
    .join(" > ");
  out.add(scope ? `${scope} > ${chain}` : chain);

  if (byText) out.add(byText);
  if (!facts.inShadow) out.add(absoluteXPath(facts.path));
  return [...out];
}

/** `#id` or `[data-testid="…"]`: what names a node on its own, if anything stable does. */
function anchorOf(node: NodeFacts): string | undefined {
  if (node.id && !isGeneratedName(node.id)) return `#${cssIdentifier(node.id)}`;
  for (const name of TEST_ID_ATTRIBUTES) {
    const value = node.attributes[name];
    if (value) return `[${name}=${cssString(value)}]`;
  }
  return undefined;
}

function stableClasses(node: NodeFacts): string[] {
  return node.classes.filter((name) => !isGeneratedName(name) && !isStateClass(name));
}

function namedByText(node: NodeFacts): boolean {
  const role = node.attributes["role"];
  return NAMED_BY_TEXT.has(node.tag) || (role !== undefined && ROLES_NAMED_BY_TEXT.has(role));
}

/** `//button[normalize-space()='Add to basket']`, or by its role when it has one written. */
function textXPath(node: NodeFacts, text: string): string | undefined {
  const literal = xpathLiteral(text);
  if (!literal) return undefined;
  const role = node.attributes["role"];
  const step = role ? `*[@role=${xpathLiteral(role) ?? "''"}]` : node.tag;
  return `//${step}[normalize-space()=${literal}]`;
}

/** A string as an XPath 1.0 literal; one holding both quote marks has none. */
function xpathLiteral(text: string): string | undefined {
  if (!text.includes("'")) return `'${text}'`;
  if (!text.includes('"')) return `"${text}"`;
  return undefined;
}

/** `xpath=/html[1]/body[1]/…`: the path from the document, in Loupe's XPath form. */
function absoluteXPath(path: NodeFacts[]): string {
  const steps = [...path]
    .reverse()
    .map((node) => `${node.html ? node.tag : `*[name()='${node.tag}']`}[${node.nthOfType}]`);
  return `xpath=/${steps.join("/")}`;
}
