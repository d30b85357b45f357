/**
 * Parses a page with linkedom and copies it into a light tree (see light-dom.ts), leaving out what no
 * reader sees: comments, scripts (except JSON-LD metadata), styles, templates and SVG drawings.
 */
import { parseHTML } from "linkedom";
import { LightElement, LightText } from "./light-dom.js";

/** A parsed page: the light tree and the few head facts the conversion needs. */
export interface LightDocument {
  html: LightElement;
  head: LightElement;
  body: LightElement;
  /** The first `<base href>`, if any. */
  baseHref: string | null;
}

/** A parsed page that can hand out fresh copies of its tree (the extraction's retries need one). */
export interface ParsedPage {
  /** A new light tree of the whole page; each call copies linkedom's tree again. */
  copy(): LightDocument;
}

/** The slice of linkedom's node interface the copy reads (the project compiles without DOM types). */
interface LinkedomNode {
  nodeType: number;
  localName?: string;
  data?: string;
  firstChild: LinkedomNode | null;
  nextSibling: LinkedomNode | null;
  getAttributeNames?(): string[];
  getAttribute?(name: string): string | null;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/** Elements dropped with everything inside them. */
const DROPPED = new Set(["style", "template", "svg", "link"]);

export function parsePage(html: string): ParsedPage {
  const { document } = parseHTML(html) as unknown as { document: { childNodes: ArrayLike<LinkedomNode> } };
  return { copy: () => copyDocument(document.childNodes) };
}

export function parseDocument(html: string): LightDocument {
  return parsePage(html).copy();
}

function copyDocument(childNodes: ArrayLike<LinkedomNode>): LightDocument {
  // Copy every top-level node: for a fragment linkedom makes the first element the root and leaves
  // the rest as its siblings.
  const top = new LightElement("#document");
  for (let i = 0; i < childNodes.length; i++) copyInto(top, childNodes[i]!);
  const baseHref = findBaseHref(top);
  const htmlEl = top.children.find((c): c is LightElement => c.type === "element" && c.tag === "html");
  if (htmlEl) {
    const stray = top.children.filter((c) => c !== htmlEl);
    const doc = ensureHeadAndBody(htmlEl, baseHref);
    for (const node of stray) {
      node.parent = doc.body;
      doc.body.children.push(node);
    }
    htmlEl.parent = null;
    return doc;
  }
  const wrapper = new LightElement("html");
  wrapper.children = top.children;
  for (const node of wrapper.children) node.parent = wrapper;
  return ensureHeadAndBody(wrapper, baseHref);
}

/** Copies a linkedom subtree without recursion, so depth is bounded by memory, not by the stack. */
function copyInto(parent: LightElement, root: LinkedomNode): void {
  const stack: { source: LinkedomNode | null; target: LightElement }[] = [{ source: root, target: parent }];
  let first = true;
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    const source = frame.source;
    if (!source) {
      stack.pop();
      continue;
    }
    // The root alone is copied without its siblings.
    frame.source = first ? null : source.nextSibling;
    first = false;
    if (source.nodeType === TEXT_NODE || source.nodeType === CDATA_SECTION_NODE) {
      appendText(frame.target, source.data ?? "");
    } else if (source.nodeType === ELEMENT_NODE) {
      const tag = (source.localName ?? "").toLowerCase();
      if (DROPPED.has(tag)) continue;
      const el = copyElement(source);
      if (tag === "script" && !/ld\+json/i.test(el.attr("type") ?? "")) continue;
      el.parent = frame.target;
      frame.target.children.push(el);
      stack.push({ source: source.firstChild, target: el });
    }
  }
}

function copyElement(source: LinkedomNode): LightElement {
  const attrs = new Map<string, string>();
  // Names then values: linkedom's `attributes` builds a proxied map per call, slower than this.
  for (const name of source.getAttributeNames?.() ?? []) {
    const key = name.toLowerCase();
    if (!attrs.has(key)) attrs.set(key, source.getAttribute!(name) ?? "");
  }
  return new LightElement((source.localName ?? "div").toLowerCase(), attrs);
}

/** Appends text, merging with a preceding text node (the parser splits text at every entity). */
function appendText(parent: LightElement, data: string): void {
  if (!data) return;
  const last = parent.children[parent.children.length - 1];
  if (last && last.type === "text") {
    // Safe: no statistics have been read from the node yet.
    last.data += data;
    return;
  }
  const text = new LightText(data);
  text.parent = parent;
  parent.children.push(text);
}

function ensureHeadAndBody(html: LightElement, baseHref: string | null): LightDocument {
  let head = html.children.find((c): c is LightElement => c.type === "element" && c.tag === "head");
  if (!head) {
    head = new LightElement("head");
    head.parent = html;
    html.children.unshift(head);
  }
  let body = html.children.find((c): c is LightElement => c.type === "element" && c.tag === "body");
  if (!body) {
    body = new LightElement("body");
    body.parent = html;
    html.children.push(body);
  }
  // Whatever sits beside <head> and <body> (a fragment, text after </body>) belongs to the body.
  const bodyIndex = html.children.indexOf(body);
  const before = html.children.slice(0, bodyIndex).filter((c) => c !== head);
  const after = html.children.slice(bodyIndex + 1).filter((c) => c !== head);
  if (before.length || after.length) {
    for (const node of [...before, ...after]) node.parent = body;
    body.children = [...before, ...body.children, ...after];
    html.children = [head, body];
  }
  return { html, head, body, baseHref };
}

/** The first `<base href>`: looked for in `<head>` (where it belongs) before anywhere else. */
function findBaseHref(top: LightElement): string | null {
  const stack: LightElement[] = [top];
  while (stack.length) {
    const el = stack.pop()!;
    if (el.tag === "base" && el.attrs.has("href")) return el.attr("href");
    if (el.tag === "body") continue;
    for (let i = el.children.length - 1; i >= 0; i--) {
      const child = el.children[i]!;
      if (child.type === "element") stack.push(child);
    }
  }
  return null;
}
