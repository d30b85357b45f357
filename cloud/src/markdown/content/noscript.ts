/**
 * `<noscript>` is what a reader without JavaScript sees, and a plain-HTTP fetch is such a reader. Some
 * sites serve their whole content there (forum software renders the thread for crawlers inside
 * `<noscript>` and the posts with JavaScript); most use it for a tracking pixel or a "please enable
 * JavaScript" line. So the `<noscript>` content is shown only when it holds more text than the rest of
 * the body, and more than such a line: then it is the page. An application shell whose only text is
 * its notice has nothing to read without scripts, and gives empty markdown.
 */
import { forEachDescendant, type LightElement } from "../dom/light-dom.js";

/**
 * Fewer characters than this in the `<noscript>`s are a notice ("You need to enable JavaScript to run
 * this app."), not a page served to readers without scripts (a thread's posts run to thousands).
 */
const MIN_PAGE_CHARS = 200;

/** Replaces the body's `<noscript>` elements by their content when that content is most of the page's text. */
export function revealNoscriptContent(body: LightElement): boolean {
  const noscripts = outermostNoscripts(body);
  let inside = 0;
  for (const el of noscripts) inside += readableText(el);
  if (inside < MIN_PAGE_CHARS || inside <= body.stats.nonSpace - inside) return false;
  for (const el of noscripts) unwrap(el);
  return true;
}

/**
 * The characters of a `<noscript>`'s text that a reader would see: markup written out as text
 * (`&lt;img src=…&gt;`, a tracking pixel escaped by its template) is not.
 */
function readableText(noscript: LightElement): number {
  let chars = 0;
  forEachDescendant(noscript, (node) => {
    if (node.type === "text" && !node.data.includes("<")) chars += node.stats.nonSpace;
    return true;
  });
  return chars;
}

function unwrap(el: LightElement): void {
  const parent = el.parent;
  if (!parent) return;
  const index = parent.children.indexOf(el);
  for (const child of el.children) child.parent = parent;
  parent.children.splice(index, 1, ...el.children);
  el.children = [];
  el.parent = null;
  parent.touch();
}

/**
 * The `<noscript>`s not inside another, found in one walk that does not enter them: asking each one for
 * its ancestors took quadratic time on a hostile page of nested `<noscript>`s (48 s for 50,000).
 */
function outermostNoscripts(body: LightElement): LightElement[] {
  const found: LightElement[] = [];
  forEachDescendant(body, (node) => {
    if (node.type === "text") return false;
    if (node.tag !== "noscript") return true;
    found.push(node);
    return false;
  });
  return found;
}
