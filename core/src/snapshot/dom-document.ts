import type { Protocol } from "../cdp/cdp-protocol.js";

/**
 * One document of a `DOMSnapshot.captureSnapshot` answer, decoded into flat arrays the snapshot walks
 * without allocating per node. The capture lists nodes in flat-tree order: a shadow host's children are
 * its shadow tree (open or closed), a `<slot>`'s children are the nodes assigned to it, and nodes no slot
 * takes are absent — the tree a reader of the page sees, which is also the tree accessibility is built on.
 */

type CdpNodes = Protocol.DOMSnapshot.NodeTreeSnapshot;
type CdpLayout = Protocol.DOMSnapshot.LayoutTreeSnapshot;

/**
 * The part of CDP's `DOMSnapshot.NodeTreeSnapshot` the snapshot reads, with the arrays every capture
 * fills made required (see `readDocument`).
 */
export type NodeTreeSnapshot = Required<
  Pick<CdpNodes, "parentIndex" | "nodeType" | "nodeName" | "nodeValue" | "backendNodeId" | "attributes">
> &
  Pick<
    CdpNodes,
    | "shadowRootType"
    | "textValue"
    | "inputValue"
    | "inputChecked"
    | "optionSelected"
    | "isClickable"
    | "contentDocumentIndex"
    | "pseudoType"
  >;

/** The part of CDP's `DOMSnapshot.LayoutTreeSnapshot` the snapshot reads. */
export type LayoutTreeSnapshot = Pick<CdpLayout, "nodeIndex" | "styles" | "bounds" | "text">;

/** The part of CDP's `DOMSnapshot.DocumentSnapshot` the snapshot reads. */
export type DocumentSnapshot = Pick<
  Protocol.DOMSnapshot.DocumentSnapshot,
  "documentURL" | "title" | "baseURL" | "frameId"
> & { nodes: NodeTreeSnapshot; layout: LayoutTreeSnapshot };

/**
 * A captured document with the node arrays the protocol marks optional present (empty when a browser
 * left one out), so the walk indexes them without a check per node.
 */
export function readDocument(document: Protocol.DOMSnapshot.DocumentSnapshot): DocumentSnapshot {
  const { nodes } = document;
  return {
    ...document,
    nodes: {
      ...nodes,
      parentIndex: nodes.parentIndex ?? [],
      nodeType: nodes.nodeType ?? [],
      nodeName: nodes.nodeName ?? [],
      nodeValue: nodes.nodeValue ?? [],
      backendNodeId: nodes.backendNodeId ?? [],
      attributes: nodes.attributes ?? [],
    },
  };
}

/** The computed styles the capture asks for, in this order (`layout.styles[i][k]` is style k). */
export const CAPTURED_STYLES = ["visibility"] as const;

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

/**
 * Attributes the snapshot reads, each with a small number. An attribute name is a string index into the
 * capture's string table, shared by every node that uses it, so each distinct name is classified once and
 * every later lookup is an integer comparison.
 */
export const ATTRIBUTE_NAMES = [
  "",
  "id",
  "role",
  "aria-label",
  "aria-labelledby",
  "aria-hidden",
  "aria-disabled",
  "aria-checked",
  "aria-selected",
  "aria-expanded",
  "aria-pressed",
  "aria-readonly",
  "aria-valuenow",
  "aria-valuetext",
  "aria-level",
  "title",
  "alt",
  "href",
  "type",
  "for",
  "value",
  "placeholder",
  "aria-placeholder",
  "disabled",
  "readonly",
  "multiple",
  "size",
  "label",
  "hidden",
  "inert",
  "contenteditable",
  "list",
  "scope",
  "open",
  "xlink:href",
  "name",
] as const;
export type AttributeName = (typeof ATTRIBUTE_NAMES)[number];
const ATTRIBUTE_IDS = new Map<string, number>(ATTRIBUTE_NAMES.map((name, id) => [name, id]));

/**
 * Elements whose `display: contents` acts as `display: none` (CSS Display, "unusual elements"), and
 * elements never rendered: without a box, nothing of them is on screen.
 */
const NO_CONTENTS_DISPLAY = new Set([
  "br",
  "wbr",
  "meter",
  "progress",
  "canvas",
  "embed",
  "object",
  "audio",
  "iframe",
  "fencedframe",
  "img",
  "video",
  "frame",
  "frameset",
  "input",
  "textarea",
  "select",
  "head",
  "script",
  "style",
  "template",
  "noscript",
  "title",
  "meta",
  "link",
]);

/** Whether an element without a box may still show its children (`display: contents`). */
export function mayBeDisplayContents(tag: string): boolean {
  return !NO_CONTENTS_DISPLAY.has(tag);
}

/** A document of the capture, addressed by node index (its position in the capture's node list). */
export class DomDocument {
  /** Nodes in the document, its shadow trees and slots (not its child frames, which are documents too). */
  readonly size: number;
  readonly parent: Int32Array;
  readonly firstChild: Int32Array;
  readonly nextSibling: Int32Array;
  /** The layout node of each node, or -1 when the node is not rendered (`display: none`, `<head>`…). */
  readonly layout: Int32Array;
  readonly url: string;
  readonly baseUrl: string;
  readonly title: string;
  private readonly attributeIds: Int8Array;
  private readonly tags = new Map<number, string>();
  private readonly rare: {
    shadow: Map<number, string>;
    textValue: Map<number, string>;
    inputValue: Map<number, string>;
    pseudo: Map<number, string>;
    checked: Set<number>;
    selected: Set<number>;
    clickable: Set<number>;
    contentDocument: Map<number, number>;
  };
  private idIndex: Map<string, number[]> | undefined;

  constructor(
    readonly snapshot: DocumentSnapshot,
    readonly strings: string[],
    /** This document's frame id (CDP). */
    readonly frameId: string,
  ) {
    const { nodes, layout } = snapshot;
    const size = nodes.parentIndex.length;
    this.size = size;
    this.url = strings[snapshot.documentURL] ?? "";
    this.baseUrl = strings[snapshot.baseURL] || this.url;
    this.title = strings[snapshot.title] ?? "";
    this.parent = Int32Array.from(nodes.parentIndex);
    this.firstChild = new Int32Array(size).fill(-1);
    this.nextSibling = new Int32Array(size).fill(-1);
    // Children are listed in order after their parent, so one pass with a "last child" cursor links them.
    const lastChild = new Int32Array(size).fill(-1);
    for (let i = 1; i < size; i++) {
      const p = this.parent[i]!;
      if (p < 0) continue;
      const last = lastChild[p]!;
      if (last < 0) this.firstChild[p] = i;
      else this.nextSibling[last] = i;
      lastChild[p] = i;
    }
    this.layout = new Int32Array(size).fill(-1);
    layout.nodeIndex.forEach((node, index) => {
      this.layout[node] = index;
    });
    this.attributeIds = new Int8Array(strings.length);
    this.rare = {
      shadow: rareStrings(nodes.shadowRootType, strings),
      textValue: rareStrings(nodes.textValue, strings),
      inputValue: rareStrings(nodes.inputValue, strings),
      pseudo: rareStrings(nodes.pseudoType, strings),
      checked: new Set(nodes.inputChecked?.index),
      selected: new Set(nodes.optionSelected?.index),
      clickable: new Set(nodes.isClickable?.index),
      contentDocument: rareNumbers(nodes.contentDocumentIndex),
    };
  }

  nodeType(i: number): number {
    return this.snapshot.nodes.nodeType[i]!;
  }

  backendId(i: number): number {
    return this.snapshot.nodes.backendNodeId[i]!;
  }

  /** The element's local name in lower case (`div`, `svg`, `::before` for a pseudo-element). */
  tag(i: number): string {
    const index = this.snapshot.nodes.nodeName[i]!;
    let tag = this.tags.get(index);
    if (tag === undefined) {
      tag = (this.strings[index] ?? "").toLowerCase();
      this.tags.set(index, tag);
    }
    return tag;
  }

  /** A text node's text as the page holds it. */
  nodeValue(i: number): string {
    return this.strings[this.snapshot.nodes.nodeValue[i]!] ?? "";
  }

  /**
   * The text a rendered text node or pseudo-element shows: after `text-transform`, before white-space
   * collapsing. Undefined when it is not rendered.
   */
  renderedText(i: number): string | undefined {
    const l = this.layout[i]!;
    if (l < 0) return undefined;
    const index = this.snapshot.layout.text[l];
    return index === undefined || index < 0 ? undefined : this.strings[index];
  }

  /** Whether the node's box is rendered but `visibility: hidden` or `collapse` (it may have visible children). */
  isVisibilityHidden(i: number): boolean {
    const l = this.layout[i]!;
    if (l < 0) return false;
    const visibility = this.strings[this.snapshot.layout.styles[l]?.[0] ?? -1];
    return visibility === "hidden" || visibility === "collapse";
  }

  /** Whether the node has a layout box of zero width or zero height. */
  hasEmptyBox(i: number): boolean {
    const l = this.layout[i]!;
    if (l < 0) return true;
    const box = this.snapshot.layout.bounds[l];
    return !box || !(box[2]! > 0 && box[3]! > 0);
  }

  /** An attribute's value, or undefined when the element does not have it. */
  attr(i: number, name: AttributeName): string | undefined {
    const wanted = ATTRIBUTE_IDS.get(name)!;
    const pairs = this.snapshot.nodes.attributes[i];
    if (!pairs) return undefined;
    for (let k = 0; k < pairs.length; k += 2) {
      const nameIndex = pairs[k]!;
      let id = this.attributeIds[nameIndex]!;
      if (id === 0) {
        // Unclassified name: classify it once (-1 for names the snapshot never reads).
        id = ATTRIBUTE_IDS.get(this.strings[nameIndex] ?? "") ?? -1;
        this.attributeIds[nameIndex] = id;
      }
      if (id === wanted) return this.strings[pairs[k + 1]!] ?? "";
    }
    return undefined;
  }

  /** The index after the last node of `i`'s subtree (the capture lists nodes in tree order). */
  subtreeEnd(i: number): number {
    for (let n = i; n >= 0; n = this.parent[n]!) if (this.nextSibling[n]! >= 0) return this.nextSibling[n]!;
    return this.size;
  }

  /** Whether the element has any attribute at all (most `div`s and `span`s of a page have few or none). */
  hasAttributes(i: number): boolean {
    return (this.snapshot.nodes.attributes[i]?.length ?? 0) > 0;
  }

  /** `open` or `closed` for a node inside a shadow tree, undefined in the document's own tree. */
  shadowRootType(i: number): string | undefined {
    return this.rare.shadow.get(i);
  }

  /** `before`, `after`, `marker`… for a pseudo-element. */
  pseudoType(i: number): string | undefined {
    return this.rare.pseudo.get(i);
  }

  /** The current value of an `<input>` (what the user typed or a script set), or of a `<textarea>`. */
  formValue(i: number): string | undefined {
    return this.rare.inputValue.get(i) ?? this.rare.textValue.get(i);
  }

  /** Whether a checkbox or radio button is checked now. */
  isChecked(i: number): boolean {
    return this.rare.checked.has(i);
  }

  /** Whether an `<option>` is selected now. */
  isOptionSelected(i: number): boolean {
    return this.rare.selected.has(i);
  }

  /** Whether the element has a click listener (or is natively clickable): what makes an `<a>` without `href` a link. */
  isClickable(i: number): boolean {
    return this.rare.clickable.has(i);
  }

  /** Frame owner elements with a same-process document: node index → index of the document in the capture. */
  contentDocuments(): ReadonlyMap<number, number> {
    return this.rare.contentDocument;
  }

  /**
   * The element with this `id`. Ids are unique per tree (the document, each shadow tree); when several
   * trees of the document use the same id, the one in the same kind of tree as `from` wins, then the first.
   */
  elementById(id: string, from: number): number | undefined {
    if (!this.idIndex) {
      this.idIndex = new Map();
      for (let i = 0; i < this.size; i++) {
        if (this.nodeType(i) !== ELEMENT_NODE || !this.hasAttributes(i)) continue;
        const value = this.attr(i, "id");
        if (value === undefined) continue;
        const list = this.idIndex.get(value);
        if (list) list.push(i);
        else this.idIndex.set(value, [i]);
      }
    }
    const candidates = this.idIndex.get(id);
    if (!candidates || candidates.length < 2) return candidates?.[0];
    const scope = this.shadowRootType(from);
    return candidates.find((c) => this.shadowRootType(c) === scope) ?? candidates[0];
  }
}

function rareStrings(
  data: Protocol.DOMSnapshot.RareIntegerData | Protocol.DOMSnapshot.RareStringData | undefined,
  strings: string[],
): Map<number, string> {
  const map = new Map<number, string>();
  if (!data) return map;
  for (let k = 0; k < data.index.length; k++) map.set(data.index[k]!, strings[data.value[k]!] ?? "");
  return map;
}

function rareNumbers(
  data: Protocol.DOMSnapshot.RareIntegerData | Protocol.DOMSnapshot.RareStringData | undefined,
): Map<number, number> {
  const map = new Map<number, number>();
  if (!data) return map;
  for (let k = 0; k < data.index.length; k++) map.set(data.index[k]!, data.value[k]!);
  return map;
}
