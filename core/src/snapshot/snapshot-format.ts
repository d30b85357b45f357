import type { AXNode, FrameTree, PageTrees } from "./ax-tree.js";

/** What the snapshot remembers of each element line it wrote. */
export interface SnapshotElement {
  /** `frameOrdinal-backendNodeId`, as written in the text. */
  id: string;
  frameId: string;
  backendNodeId: number;
  role: string;
  name: string;
  /** The absolute URL, for links. */
  url?: string;
}

/** Where rendering starts and what it leaves out. */
export interface RenderScope {
  /**
   * Start at this element instead of the main frame's root. `inside` (the backend ids of its DOM
   * subtree) lets an element with no accessibility node of its own (a plain `<span>`) still be read.
   */
  start?: { frameId: string; backendNodeId: number; inside?: ReadonlySet<number> };
  /** Elements left out with everything under them, by frame id. */
  ignored?: Map<string, Set<number>>;
}

/**
 * Roles that only group other content. Without a name of their own they get no line: their children take
 * their place. This is most of the token saving over a literal dump of the tree.
 */
const STRUCTURAL_ROLES = new Set([
  "generic",
  "none",
  "presentation",
  "GenericContainer",
  "LabelText",
  "paragraph",
  "group",
  "Section",
  "Div",
  "Pre",
  "Abbr",
  "emphasis",
  "strong",
  "mark",
  "subscript",
  "superscript",
  "time",
  "code",
  "deletion",
  "insertion",
  "Ruby",
  "LineBreak",
  "DescriptionListDetail",
  "DescriptionListTerm",
  "Unknown",
  "MenuListPopup",
]);

/** Roles a person can operate: shown even with no name, since `act` may need them. */
const INTERACTIVE_ROLES = new Set([
  "link",
  "button",
  "textbox",
  "searchbox",
  "checkbox",
  "radio",
  "switch",
  "combobox",
  "listbox",
  "option",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "tab",
  "slider",
  "spinbutton",
  "treeitem",
  "ComboBoxMenuButton",
  "PopUpButton",
]);

/** Text-entry roles: their value is shown on their line, and their inner editor is not walked. */
const VALUE_ROLES = new Set(["textbox", "searchbox", "spinbutton", "ComboBoxGrouping"]);

/** Roles whose value is shown too, but whose children (labels, text) are still walked. */
const SHOWN_VALUE_ROLES = new Set(["combobox", "slider", "progressbar", "meter"]);

const TEXT_ROLES = new Set(["StaticText", "ListMarker"]);

/** Bullets add nothing a reader of the list needs; numbered markers ("1.") are kept. */
const BULLET = /^[•◦▪▫●○■□‣⁃·*–-]$/;

interface Rendered {
  /** Lines, each prefixed by its depth in spaces. */
  lines: string[];
  /** The visible text of the subtree, for deciding whether a name repeats it. */
  text: string;
  /** Whether the subtree produced element lines (not only text). */
  hasElements: boolean;
}

const EMPTY: Rendered = { lines: [], text: "", hasElements: false };

/**
 * Turns a page's accessibility trees into the compact text the model reads: one element per line with its
 * id in square brackets before its role (`[2-17] link: Red Shoe`), text on lines of its own, children
 * indented under their parent, child frames under their `<iframe>`.
 */
export function renderSnapshot(
  trees: PageTrees,
  ordinalOf: (frameId: string) => number,
  scope: RenderScope = {},
): { text: string; elements: Map<string, SnapshotElement>; unreadFrameOwners: Set<number> } {
  const elements = new Map<string, SnapshotElement>();
  // <iframe> elements whose document could not be read (not loaded yet, or gone): a `selector` aimed at
  // one of them is an error, not an empty answer.
  const unreadFrameOwners = new Set<number>();
  const ignored = scope.ignored ?? new Map<string, Set<number>>();

  const renderFrame = (tree: FrameTree, startNode: AXNode | undefined, depth: number): Rendered => {
    if (!startNode) return EMPTY;
    const ordinal = ordinalOf(tree.frameId);
    const skip = ignored.get(tree.frameId);

    const visit = (node: AXNode, depth: number): Rendered => {
      if (node.backendDOMNodeId !== undefined && skip?.has(node.backendDOMNodeId)) return EMPTY;
      const role = stringOf(node.role?.value);
      if (role === "InlineTextBox") return EMPTY;

      if (TEXT_ROLES.has(role)) {
        const text = clean(stringOf(node.name?.value));
        if (!text || BULLET.test(text)) return EMPTY;
        return { lines: [indent(depth) + text], text, hasElements: false };
      }

      if (role === "Iframe" || role === "IframePresentational") {
        const childFrameId =
          node.backendDOMNodeId !== undefined ? tree.childFrames.get(node.backendDOMNodeId) : undefined;
        const child = childFrameId ? trees.frames.get(childFrameId) : undefined;
        if (!child?.root && node.backendDOMNodeId !== undefined) unreadFrameOwners.add(node.backendDOMNodeId);
        const inner = child ? renderFrame(child, child.root, depth + 1) : EMPTY;
        return elementLine(node, role, depth, inner, tree, ordinal);
      }

      const name = clean(stringOf(node.name?.value));
      if (node.ignored || role === "RootWebArea" || (STRUCTURAL_ROLES.has(role) && !name)) {
        // No line of its own: children stand where it would have.
        return renderChildren(tree, node, depth, visit);
      }

      const inner = VALUE_ROLES.has(role) ? EMPTY : renderChildren(tree, node, depth + 1, visit);
      if (!inner.lines.length && !name && !INTERACTIVE_ROLES.has(role) && !valueOf(node)) return EMPTY;
      return elementLine(node, role, depth, inner, tree, ordinal);
    };

    if (startNode === tree.root) return renderChildren(tree, startNode, depth, visit);
    return visit(startNode, depth);
  };

  const elementLine = (
    node: AXNode,
    role: string,
    depth: number,
    inner: Rendered,
    tree: FrameTree,
    ordinal: number,
  ): Rendered => {
    const name = clean(stringOf(node.name?.value));
    const id = `${ordinal}-${node.backendDOMNodeId ?? node.nodeId}`;
    let label = name;
    let childLines = inner.lines;
    // Names are computed without the spaces text nodes keep ("RecommendRecommended" for two spans), so
    // whether the text already says the name is judged with spacing ignored.
    const textSaysName = !name || squash(inner.text).includes(squash(name));
    if (!inner.hasElements && inner.text) {
      // Only text below: fold it into this line, keeping the name only if the text does not already say it.
      label = textSaysName
        ? inner.text
        : squash(name).includes(squash(inner.text))
          ? name
          : `${name}: ${inner.text}`;
      childLines = [];
    } else if (name && inner.text && textSaysName) {
      label = "";
    }
    const url = role === "link" ? propertyOf(node, "url") : undefined;
    elements.set(id, {
      id,
      frameId: tree.frameId,
      backendNodeId: node.backendDOMNodeId ?? -1,
      role,
      name,
      ...(url ? { url } : {}),
    });
    const line = indent(depth) + `[${id}] ${role}` + (label ? `: ${label}` : "") + states(node, role);
    return {
      lines: [line, ...childLines],
      text: inner.text ? (textSaysName ? inner.text : `${name} ${inner.text}`) : name,
      hasElements: true,
    };
  };

  const main = trees.frames.get(trees.mainFrameId);
  let result: Rendered = EMPTY;
  if (scope.start) {
    const tree = trees.frames.get(scope.start.frameId);
    const node = tree
      ? (findByBackendId(tree, scope.start.backendNodeId) ?? standIn(tree, scope.start.inside))
      : undefined;
    if (tree && node) result = renderFrame(tree, node, 0);
  } else if (main) {
    const title = clean(stringOf(main.root?.name?.value));
    const body = renderFrame(main, main.root, 1);
    const rootId = `0-${main.root?.backendDOMNodeId ?? 0}`;
    // The page itself is an element too: `act` scrolls it by this id.
    elements.set(rootId, {
      id: rootId,
      frameId: main.frameId,
      backendNodeId: main.root?.backendDOMNodeId ?? -1,
      role: "RootWebArea",
      name: title,
    });
    result = { ...body, lines: [`[${rootId}] RootWebArea${title ? `: ${title}` : ""}`, ...body.lines] };
  }
  return { text: result.lines.join("\n"), elements, unreadFrameOwners };
}

function renderChildren(
  tree: FrameTree,
  node: AXNode | undefined,
  depth: number,
  visit: (node: AXNode, depth: number) => Rendered,
): Rendered {
  if (!node) return EMPTY;
  const parts: { rendered: Rendered; name: string }[] = [];
  for (const childId of node.childIds ?? []) {
    const child = tree.nodes.get(childId);
    if (!child) continue;
    const rendered = visit(child, depth);
    if (rendered.lines.length) parts.push({ rendered, name: rendered.hasElements ? elementName(child) : "" });
  }
  const lines: string[] = [];
  const texts: string[] = [];
  let hasElements = false;
  parts.forEach(({ rendered }, i) => {
    // A label's text right beside the control it names says the same thing twice.
    if (
      !rendered.hasElements &&
      (parts[i - 1]?.name === rendered.text || parts[i + 1]?.name === rendered.text)
    )
      return;
    lines.push(...rendered.lines);
    if (rendered.text) texts.push(rendered.text);
    hasElements ||= rendered.hasElements;
  });
  return { lines, text: texts.join(" "), hasElements };
}

function elementName(node: AXNode): string {
  return clean(stringOf(node.name?.value));
}

/**
 * For an element without an accessibility node: a stand-in parent holding the outermost nodes that lie
 * inside it, in document order, so its content renders as if it had a node of its own.
 */
function standIn(tree: FrameTree, inside: ReadonlySet<number> | undefined): AXNode | undefined {
  if (!inside?.size || !tree.root) return undefined;
  const tops: string[] = [];
  const seek = (node: AXNode) => {
    if (node.backendDOMNodeId !== undefined && inside.has(node.backendDOMNodeId)) {
      tops.push(node.nodeId);
      return;
    }
    for (const childId of node.childIds ?? []) {
      const child = tree.nodes.get(childId);
      if (child) seek(child);
    }
  };
  seek(tree.root);
  return tops.length ? { nodeId: "stand-in", ignored: true, childIds: tops } : undefined;
}

function findByBackendId(tree: FrameTree, backendNodeId: number): AXNode | undefined {
  for (const node of tree.nodes.values()) if (node.backendDOMNodeId === backendNodeId) return node;
  return undefined;
}

function states(node: AXNode, role: string): string {
  const out: string[] = [];
  const value = valueOf(node);
  if (value && (VALUE_ROLES.has(role) || SHOWN_VALUE_ROLES.has(role))) out.push(`value: ${value}`);
  const checked = propertyOf(node, "checked");
  if (checked === "true") out.push("checked");
  else if (checked === "mixed") out.push("mixed");
  if (propertyOf(node, "selected") === "true") out.push("selected");
  if (propertyOf(node, "disabled") === "true") out.push("disabled");
  else if (VALUE_ROLES.has(role) && propertyOf(node, "readonly") === "true") out.push("readonly");
  return out.length ? ` [${out.join(", ")}]` : "";
}

function valueOf(node: AXNode): string {
  return clean(stringOf(node.value?.value));
}

function propertyOf(node: AXNode, name: string): string | undefined {
  const property = node.properties?.find((p) => p.name === name);
  return property ? stringOf(property.value.value) : undefined;
}

function stringOf(value: unknown): string {
  return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
}

function squash(text: string): string {
  return text.replace(/\s+/g, "");
}

function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

const INDENTS: string[] = [];
function indent(depth: number): string {
  return (INDENTS[depth] ??= " ".repeat(depth));
}
