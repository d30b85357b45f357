/**
 * A small, plain-object DOM the conversion works on, built straight from the parser's events (see
 * parse-document.ts). The extraction asks many questions of every node (text lengths, link density): on
 * plain objects with arrays of children and cached text statistics those questions cost a fraction of
 * what they cost on a full DOM, where every node carries an event target, a Map and attribute nodes.
 */
import { appendStats, emptyStats, type TextStats } from "./text-stats.js";

export type LightNode = LightElement | LightText;

export class LightText {
  readonly type = "text";
  parent: LightElement | null = null;
  private statsCache: TextStats | undefined;
  constructor(public data: string) {}

  get stats(): TextStats {
    return (this.statsCache ??= textStats(this.data));
  }
}

export class LightElement {
  readonly type = "element";
  parent: LightElement | null = null;
  children: LightNode[] = [];
  /** Readability's content score; undefined until the node is initialised as a candidate. */
  score: number | undefined;
  /** Whether the extraction judged this table a data table (not a layout table). */
  dataTable = false;
  /** Cached `stats`; read it through `stats`, clear it through `touch()`. */
  statsCache: TextStats | undefined;

  constructor(
    /** Lowercase tag name. */
    public tag: string,
    public attrs: Map<string, string> = new Map(),
  ) {}

  attr(name: string): string | null {
    return this.attrs.get(name) ?? null;
  }

  get className(): string {
    return this.attrs.get("class") ?? "";
  }

  get id(): string {
    return this.attrs.get("id") ?? "";
  }

  /** Text statistics of the whole subtree, cached until the subtree changes (see `touch`). */
  get stats(): TextStats {
    if (this.statsCache) return this.statsCache;
    // Iterative post-order so a hostile page nested 100,000 deep cannot overflow the stack.
    const stack: { el: LightElement; i: number; acc: TextStats }[] = [{ el: this, i: 0, acc: emptyStats() }];
    let result = emptyStats();
    while (stack.length) {
      const frame = stack[stack.length - 1]!;
      if (frame.i >= frame.el.children.length) {
        stack.pop();
        const done = frame.el.finishStats(frame.acc);
        if (stack.length) appendStats(stack[stack.length - 1]!.acc, done);
        else result = done;
        continue;
      }
      const child = frame.el.children[frame.i++]!;
      if (child.type === "text") appendStats(frame.acc, child.stats);
      else if (child.statsCache) appendStats(frame.acc, child.statsCache);
      else stack.push({ el: child, i: 0, acc: emptyStats() });
    }
    return result;
  }

  private finishStats(acc: TextStats): TextStats {
    let linkLength = acc.linkLength;
    if (this.tag === "a") {
      const href = this.attrs.get("href");
      linkLength += normalizedLength(acc) * (href && /^#.+/.test(href) ? 0.3 : 1);
    }
    // The accumulator belongs to this element's frame alone: it becomes the cached statistics.
    acc.childLinkLength = acc.linkLength;
    acc.linkLength = linkLength;
    this.statsCache = acc;
    return acc;
  }

  /** Forgets cached statistics of this node and its ancestors after a change below it. */
  touch(): void {
    forgetStats(this);
  }

  /** The concatenated text of all descendant text nodes (`textContent`). */
  get textContent(): string {
    const parts: string[] = [];
    forEachDescendant(this, (node) => {
      if (node.type === "text") parts.push(node.data);
      return true;
    });
    return parts.join("");
  }

  /** Element children only. */
  get elementChildren(): LightElement[] {
    return this.children.filter((child): child is LightElement => child.type === "element");
  }
}

function forgetStats(el: LightElement): void {
  // An element without cached statistics has no ancestor with any: they are computed bottom-up.
  for (let node: LightElement | null = el; node?.statsCache; node = node.parent) node.statsCache = undefined;
}

/**
 * The length of `textContent.trim()` with runs of two or more whitespace characters counted as one
 * (Readability's `_getInnerText(node).length`).
 */
export function innerTextLength(node: LightNode): number {
  return normalizedLength(node.stats);
}

function normalizedLength(stats: TextStats): number {
  if (stats.nonSpace === 0) return 0;
  return stats.nonSpace + stats.spaceRuns - (stats.startsWithSpace ? 1 : 0) - (stats.endsWithSpace ? 1 : 0);
}

/** `textContent.trim()` with whitespace runs of two or more collapsed to one space (Readability's). */
export function innerText(node: LightNode): string {
  const text = node.type === "text" ? node.data : node.textContent;
  return text.trim().replace(/\s{2,}/g, " ");
}

function textStats(data: string): TextStats {
  let nonSpace = 0;
  let spaceRuns = 0;
  let commas = 0;
  let anyCommas = 0;
  let inSpace = false;
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    if (isSpaceCode(code)) {
      if (!inSpace) spaceRuns++;
      inSpace = true;
      continue;
    }
    inSpace = false;
    nonSpace++;
    if (code === 0x2c) {
      commas++;
      anyCommas++;
    } else if (
      code === 0x060c ||
      code === 0xfe50 ||
      code === 0xfe10 ||
      code === 0xfe11 ||
      code === 0x2e41 ||
      code === 0x2e34 ||
      code === 0x2e32 ||
      code === 0xff0c
    )
      anyCommas++;
  }
  const empty = data.length === 0;
  return {
    empty,
    nonSpace,
    spaceRuns,
    startsWithSpace: !empty && isSpaceCode(data.charCodeAt(0)),
    endsWithSpace: !empty && isSpaceCode(data.charCodeAt(data.length - 1)),
    commas,
    anyCommas,
    linkLength: 0,
    childLinkLength: 0,
  };
}

/** JavaScript's `\s` (the set `trim()` removes). */
export function isSpaceCode(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Visits the descendants of `root` (not `root` itself) in document order, without recursion. The
 * visitor returns false to skip a node's children.
 */
export function forEachDescendant(root: LightElement, visit: (node: LightNode) => boolean): void {
  const stack: LightNode[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i]!);
  while (stack.length) {
    const node = stack.pop()!;
    if (!visit(node) || node.type === "text") continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

/** The descendant elements of `root` whose tag is in `tags`, in document order (`querySelectorAll`). */
export function descendantsByTag(root: LightElement, tags: ReadonlySet<string> | string): LightElement[] {
  const found: LightElement[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "element" && (typeof tags === "string" ? node.tag === tags : tags.has(node.tag)))
      found.push(node);
    return true;
  });
  return found;
}

/** The descendants of `root` with each of `tags`, in document order, found in one walk. */
export function descendantsByTags(root: LightElement, tags: readonly string[]): Map<string, LightElement[]> {
  const found = new Map<string, LightElement[]>(tags.map((tag) => [tag, []]));
  forEachDescendant(root, (node) => {
    if (node.type === "text") return false;
    found.get(node.tag)?.push(node);
    return true;
  });
  return found;
}

/** How many descendants of `root` have the tag (`getElementsByTagName(tag).length`). */
export function countByTag(root: LightElement, tag: string): number {
  let count = 0;
  forEachDescendant(root, (node) => {
    if (node.type === "element" && node.tag === tag) count++;
    return true;
  });
  return count;
}

/**
 * The first text node below `el` with visible characters. Walked a frame per element, not all of an
 * element's children pushed up front: the first text of an element with 30,000 children is a few steps
 * away, and a pass that asks it of every heading's ancestors stays linear.
 */
export function firstText(el: LightElement): LightText | null {
  const frames: { el: LightElement; next: number }[] = [{ el, next: 0 }];
  while (frames.length) {
    const frame = frames[frames.length - 1]!;
    const child = frame.el.children[frame.next++];
    if (!child) frames.pop();
    else if (child.type === "element") frames.push({ el: child, next: 0 });
    else if (child.stats.nonSpace > 0) return child;
  }
  return null;
}

/** Whether one of the element's class names is in `names` (whole names: `hidden`, not `hidden-xs`). */
export function hasClassIn(el: LightElement, names: ReadonlySet<string>): boolean {
  const className = el.attrs.get("class");
  return !!className && className.split(/\s+/).some((name) => names.has(name));
}

export function hasDescendant(root: LightElement, test: (el: LightElement) => boolean): boolean {
  let found = false;
  forEachDescendant(root, (node) => {
    if (found) return false;
    if (node.type === "element" && test(node)) found = true;
    return !found;
  });
  return found;
}

/**
 * `hasDescendant` for a pass that asks it of an element and then of the elements inside it (a walk that
 * goes on into what it spared): each element's answer is kept, so the whole tree is read once however
 * deeply it nests, where a walk per element read it once per level. Valid while the tree does not
 * change: make one per pass, and remove nodes after it.
 */
export function descendantFinder(test: (el: LightElement) => boolean): (root: LightElement) => boolean {
  const known = new Map<LightElement, boolean>();
  return (root) => {
    const cached = known.get(root);
    if (cached !== undefined) return cached;
    const stack: { el: LightElement; i: number; found: boolean }[] = [{ el: root, i: 0, found: false }];
    for (;;) {
      const frame = stack[stack.length - 1]!;
      const child = frame.found ? undefined : frame.el.children[frame.i++];
      if (child) {
        if (child.type === "text") continue;
        const below = test(child) || known.get(child);
        if (below === undefined) stack.push({ el: child, i: 0, found: false });
        else if (below) frame.found = true;
        continue;
      }
      known.set(frame.el, frame.found);
      stack.pop();
      const parent = stack[stack.length - 1];
      if (!parent) return frame.found;
      if (frame.found) parent.found = true;
    }
  };
}

export function removeNode(node: LightNode): void {
  const parent = node.parent;
  if (!parent) return;
  const index = parent.children.indexOf(node);
  if (index >= 0) parent.children.splice(index, 1);
  node.parent = null;
  parent.touch();
}

/**
 * Removes many nodes at once: each parent's children are filtered once, where removing them one by one
 * (`removeNode`) looks each up among its siblings — quadratic when a pass removes thousands of siblings
 * (a hostile page's hidden or repeated blocks). The tree ends as `removeNode` on each would leave it.
 */
export function removeNodes(nodes: Iterable<LightNode>): void {
  const byParent = new Map<LightElement, Set<LightNode>>();
  for (const node of nodes) {
    const parent = node.parent;
    if (!parent) continue;
    let doomed = byParent.get(parent);
    if (!doomed) byParent.set(parent, (doomed = new Set()));
    doomed.add(node);
  }
  for (const [parent, doomed] of byParent) {
    // In place: a caller may hold the array.
    const children = parent.children;
    let kept = 0;
    for (const child of children) if (!doomed.has(child)) children[kept++] = child;
    children.length = kept;
    for (const node of doomed) node.parent = null;
    parent.touch();
  }
}

export function appendChild(parent: LightElement, child: LightNode): void {
  removeNode(child);
  parent.children.push(child);
  child.parent = parent;
  parent.touch();
}

export function replaceNode(old: LightNode, replacement: LightNode): void {
  const parent = old.parent;
  if (!parent) return;
  removeNode(replacement);
  const index = parent.children.indexOf(old);
  parent.children[index] = replacement;
  replacement.parent = parent;
  old.parent = null;
  parent.touch();
}

export function nextSibling(node: LightNode): LightNode | null {
  const siblings = node.parent?.children;
  if (!siblings) return null;
  return siblings[siblings.indexOf(node) + 1] ?? null;
}

/** Changes an element's tag in place (Readability's `_setNodeTag`, without making a new node). */
export function setTag(el: LightElement, tag: string): LightElement {
  el.tag = tag;
  el.parent?.touch();
  return el;
}
