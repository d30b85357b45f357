/**
 * Runs in the page on the picked element: selectors that may find it again, best first — its id, a
 * telling attribute, its classes, a CSS path from the nearest ancestor with an id (or its root: the
 * document or its shadow root), an XPath by its text, and its absolute XPath. CSS runs inside every
 * shadow root and frame when Loupe matches it, and an XPath starting with `//` does too, so these reach
 * shadow content; the caller keeps the first that matches this element alone.
 */
export const SELECTOR_CANDIDATES_FUNCTION = `function () {
  const el = this;
  const root = el.getRootNode();
  const esc = (v) => CSS.escape(v);
  const str = (v) => JSON.stringify(v);
  const tag = el.localName;
  const html = el.namespaceURI === "http://www.w3.org/1999/xhtml";
  const out = [];
  if (el.id) out.push("#" + esc(el.id));
  for (const name of ["data-testid", "data-test", "data-qa", "name", "aria-label", "title", "placeholder"]) {
    const value = el.getAttribute(name);
    if (value) out.push(esc(tag) + "[" + name + "=" + str(value) + "]");
  }
  const href = tag === "a" ? el.getAttribute("href") : null;
  if (href) out.push("a[href=" + str(href) + "]");
  const classes = Array.from(el.classList).slice(0, 3);
  if (classes.length) out.push(esc(tag) + classes.map((c) => "." + esc(c)).join(""));
  const steps = [];
  for (let node = el; node && node.nodeType === 1; node = node.parentNode) {
    if (node !== el && node.id) { steps.unshift("#" + esc(node.id)); break; }
    let index = 1;
    for (let s = node.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === node.localName) index++;
    steps.unshift(esc(node.localName) + ":nth-of-type(" + index + ")");
    if (node.parentNode === root) break;
  }
  out.push(steps.join(" > "));
  const text = (el.textContent || "").replace(/\\s+/g, " ").trim();
  if (html && text && text.length <= 80 && !(text.includes("'") && text.includes('"'))) {
    const literal = text.includes("'") ? '"' + text + '"' : "'" + text + "'";
    out.push("//" + tag + "[normalize-space()=" + literal + "]");
  }
  if (!(root instanceof ShadowRoot)) {
    const path = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentNode) {
      let index = 1;
      for (let s = node.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === node.localName) index++;
      const name = node.namespaceURI === "http://www.w3.org/1999/xhtml" ? node.localName : "*[name()='" + node.localName + "']";
      path.unshift(name + "[" + index + "]");
    }
    out.push("xpath=/" + path.join("/"));
  }
  return out;
}`;
