/**
 * Parses a page straight into a light tree (see light-dom.ts) with htmlparser2's callbacks, leaving out
 * what no reader sees: comments, scripts (except JSON-LD metadata), styles, templates and SVG drawings.
 * htmlparser2 is the tokenizer linkedom builds its DOM with, so the tree has the same shape; building
 * the light nodes directly skips linkedom's nodes (an event target, a Map and attribute nodes each), which
 * were most of the conversion's time and garbage on large pages.
 */
import { decodeHTML, decodeHTMLAttribute } from "entities/decode";
import { Parser } from "htmlparser2";
import { FAST_TOKENIZER } from "./fast-tokenizer.js";
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
  /** A new light tree of the whole page, cloned from the parsed one, which no caller ever changes. */
  copy(): LightDocument;
}

/**
 * Elements whose text is raw for htmlparser2: it decodes no entities there (a JSON-LD script's `&amp;`
 * stays as written, as in a browser; so does a textarea's, unlike a browser, and unseen: forms are
 * furniture).
 */
const RAW_TEXT = new Set(["script", "style", "xmp", "textarea"]);

/** Elements dropped with everything inside them. */
const DROPPED = new Set(["style", "template", "svg", "link"]);

/**
 * A `<link rel="next">` stays (empty, as the renderer skips it): whether the page is one page of a
 * paginated list is told by where it leads (see content/list-pagination.ts).
 */
function isNextPageLink(name: string, attributes: ReadonlyMap<string, string>): boolean {
  return name === "link" && /(?:^|\s)next(?:\s|$)/i.test(attributes.get("rel") ?? "");
}

/** The id of a `<template>` that holds the place of a streamed segment (React's `B:1`, `P:a`). */
export const STREAM_PLACEHOLDER_ID = /^[BP]:([0-9a-z]+)$/;

export function parsePage(html: string): ParsedPage {
  const parsed = parseLightTree(html);
  return { copy: () => documentOf(cloneTree(parsed)) };
}

/** The parsed page itself, for a single reader that may change it (no copy is made). */
export function parseDocument(html: string): LightDocument {
  return documentOf(parseLightTree(html));
}

/**
 * The page's top-level nodes under a `#document` element. Attributes go straight into each element's
 * Map as the parser reads them (with an `onopentag` callback htmlparser2 would first gather them in an
 * object of its own, a dictionary-mode object per element); whether the element is kept is decided at
 * the parser's next event, once its start tag has been read whole.
 */
function parseLightTree(html: string): LightElement {
  const top = new LightElement("#document");
  // The elements the parser has open, outermost first; the last is where text and new elements go.
  // Past MAX_TREE_DEPTH an element's place in the tree is beside its parent, not in it, so `open`
  // rather than the tree says which element a close tag returns to.
  const open: LightElement[] = [];
  let current = top;
  // How deep the parser is inside a dropped element: its open and close events still arrive, balanced.
  let dropped = 0;
  // The element whose start tag is being read.
  let opening: LightElement | null = null;
  const finishOpening = () => {
    const el = opening!;
    opening = null;
    const { tag, attrs } = el;
    if (
      (DROPPED.has(tag) && !isNextPageLink(tag, attrs)) ||
      (tag === "script" && !/ld\+json/i.test(attrs.get("type") ?? ""))
    ) {
      dropped = 1;
      // A streamed segment's placeholder stays, empty, to mark where the segment goes (see
      // content/streamed-segments.ts).
      const id = attrs.get("id");
      if (tag === "template" && id !== undefined && STREAM_PLACEHOLDER_ID.test(id)) {
        const placeholder = new LightElement(tag, new Map([["id", id]]));
        placeholder.parent = current;
        current.children.push(placeholder);
      }
      return;
    }
    const parent = open.length >= MAX_TREE_DEPTH && current.parent ? current.parent : current;
    el.parent = parent;
    parent.children.push(el);
    open.push(el);
    current = el;
  };
  const parser = new Parser(
    {
      onopentagname(name) {
        if (opening) finishOpening();
        if (dropped) dropped++;
        else opening = new LightElement(name);
        boundOpenElements(parser);
      },
      onattribute(name, value) {
        // Names arrive lowercased; the first of duplicates is kept, as a browser does.
        if (opening && !opening.attrs.has(name))
          opening.attrs.set(name, value.includes("&") ? decodeHTMLAttribute(value) : value);
      },
      ontext(data) {
        if (opening) finishOpening();
        if (dropped) return;
        if (RAW_TEXT.has(current.tag)) appendText(current, data);
        // A NUL in the page's text is dropped, as a browser's tree builder drops it: kept, it would end
        // the text early for any reader that takes it for a terminator (and a PostgreSQL text value
        // cannot hold it at all).
        else {
          const text = data.includes("\0") ? data.replaceAll("\0", "") : data;
          appendText(current, text.includes("&") ? decodeHTML(text) : text);
        }
      },
      onclosetag() {
        if (opening) finishOpening();
        if (dropped) dropped--;
        else {
          open.pop();
          current = open.at(-1) ?? top;
        }
      },
    },
    // Entities are decoded above, a whole text or value at a time: htmlparser2's decoder would read
    // every character of them one by one, and keep its tokenizer from skipping ahead (see
    // fast-tokenizer.ts).
    { decodeEntities: false, Tokenizer: FAST_TOKENIZER },
  );
  parser.end(withoutHtmlCdata(html));
  // A start tag the page's end cuts off, with no element open around it, gets no later event: it is
  // kept, as one inside an open element is when the parser closes that element at the end.
  if (opening) finishOpening();
  return top;
}

/**
 * How deep the tree goes, as in Chromium and WebKit (`kMaximumHTMLParserDOMTreeDepth`): an element
 * opened inside this many open elements goes beside its parent instead, so the tree is never deeper.
 * A hostile page nested 20,000 deep otherwise made every pass that reads an element's subtree or its
 * ancestors for each element take quadratic time (20,000 nested headings: 2.5 s, four times as long
 * each time the depth doubled). Real pages nest a few dozen deep (55 at most in WCXB's 1,497 pages).
 */
export const MAX_TREE_DEPTH = 512;

/**
 * How many open elements htmlparser2 remembers. It keeps them in arrays it grows and shrinks at the front
 * (`unshift`, `shift`), so every tag costs as much as the page is deep: a page of 128,000 nested `<div>`s
 * (1.4 MB) took 26 s to parse, past any conversion deadline. Past this many, the outermost half is
 * forgotten: the parser reads only the top of its list (which tag a new one closes, which open element a
 * close tag ends), so only a close tag of a forgotten element is lost, ignored as a stray one, and what
 * follows stays inside the deep elements instead of after them. Real pages nest a few dozen deep (55 at
 * most in WCXB's 1,497 pages).
 */
export const MAX_OPEN_ELEMENTS = 1024;

/** The arrays of htmlparser2 10's `Parser` that list open elements, innermost first (private in its typings). */
interface ParserOpenElements {
  stack?: unknown;
  foreignContext?: unknown;
}

/**
 * Keeps htmlparser2's lists of open elements (tag names, and whether each foreign-content level is SVG or
 * MathML) within MAX_OPEN_ELEMENTS: cut to half once past it, so the cost is amortized over as many tags.
 * A release that renames or reshapes the arrays leaves them whole, which costs only speed on deep pages
 * (the test beside this file fails then).
 */
function boundOpenElements(parser: Parser): void {
  const { stack, foreignContext } = parser as unknown as ParserOpenElements;
  if (Array.isArray(stack) && stack.length > MAX_OPEN_ELEMENTS) stack.length = MAX_OPEN_ELEMENTS / 2;
  if (Array.isArray(foreignContext) && foreignContext.length > MAX_OPEN_ELEMENTS)
    foreignContext.length = MAX_OPEN_ELEMENTS / 2;
}

/** Where a script or a style starts, or a CDATA opener. */
const RAW_TEXT_OR_CDATA = /<(script|style)\b|<!\[CDATA\[/gi;
/** Where a script's or a style's raw text ends. */
const RAW_TEXT_END: Readonly<Record<string, RegExp>> = { script: /<\/script\s*>/gi, style: /<\/style\s*>/gi };

/**
 * `<![CDATA[` in HTML content is, for a browser, a bogus comment that ends at the next `>`; htmlparser2
 * reads a CDATA section that ends only at `]]>`, which a page that never closes it (some forum
 * templates print a bare `<![CDATA[` in the body) does not have, and the rest of the page would vanish.
 * The opener goes the browser's way; scripts and styles, whose text is raw, are left alone: each is
 * skipped to its end tag in one search (a pattern matching a script lazily, character by character,
 * cost a large page 1.5 ms), and one never closed is read on as the page.
 */
function withoutHtmlCdata(html: string): string {
  if (!html.includes("<![CDATA[")) return html;
  let out = "";
  let kept = 0;
  RAW_TEXT_OR_CDATA.lastIndex = 0;
  for (let match; (match = RAW_TEXT_OR_CDATA.exec(html));) {
    const rawText = match[1];
    if (rawText) {
      const end = RAW_TEXT_END[rawText.toLowerCase()]!;
      end.lastIndex = RAW_TEXT_OR_CDATA.lastIndex;
      if (end.exec(html)) RAW_TEXT_OR_CDATA.lastIndex = end.lastIndex;
      continue;
    }
    const close = html.indexOf(">", RAW_TEXT_OR_CDATA.lastIndex);
    out += html.slice(kept, match.index);
    kept = close < 0 ? html.length : close + 1;
    RAW_TEXT_OR_CDATA.lastIndex = kept;
  }
  return out + html.slice(kept);
}

/** A deep copy without recursion, so depth is bounded by memory, not by the stack. */
function cloneTree(source: LightElement): LightElement {
  const root = new LightElement(source.tag, new Map(source.attrs));
  const stack: [LightElement, LightElement][] = [[source, root]];
  while (stack.length) {
    const [from, to] = stack.pop()!;
    for (const child of from.children) {
      const copy =
        child.type === "text" ? new LightText(child.data) : new LightElement(child.tag, new Map(child.attrs));
      copy.parent = to;
      to.children.push(copy);
      if (copy.type === "element") stack.push([child as LightElement, copy]);
    }
  }
  return root;
}

function documentOf(top: LightElement): LightDocument {
  // A fragment has no <html>: its top-level nodes become the body.
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
