import type { SemanticNode, SemanticPage } from "./semantic-node.js";

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

/** Where rendering starts: the page's main frame, or one element (the `selector` option). */
export interface RenderStart {
  frameId: string;
  /** Undefined when the element is not rendered: the text is then empty. */
  node: SemanticNode | undefined;
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
  "rowgroup",
]);

/** Roles a person can operate: shown even with no name, since `act` may need them. */
export const INTERACTIVE_ROLES: ReadonlySet<string> = new Set([
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

/** What a subtree gave: its lines are in the shared output; this is what its parent needs to know. */
interface Rendered {
  /** The visible text of the subtree, for deciding whether a name repeats it. */
  text: string;
  /** Whether the subtree produced element lines (not only text). */
  hasElements: boolean;
}

const EMPTY: Rendered = { text: "", hasElements: false };

/**
 * Writes the page as the compact text the model reads: one element per line with its id in square
 * brackets before its role (`[2-17] link: Red Shoe`), text on lines of its own, children indented under
 * their parent, child frames under their `<iframe>`.
 */
export function renderSnapshot(
  page: SemanticPage,
  ordinalOf: (frameId: string) => number,
  start?: RenderStart,
): { text: string; elements: Map<string, SnapshotElement>; unreadFrameOwners: Set<number> } {
  const elements = new Map<string, SnapshotElement>();
  // <iframe> elements whose document could not be read (not loaded yet, or gone): a `selector` aimed at
  // one of them is an error, not an empty answer.
  const unreadFrameOwners = new Set<number>();
  // Lines in order. A line dropped after it was written (a label repeated beside its control) becomes "".
  const out: string[] = [];

  const renderFrame = (frameId: string, node: SemanticNode, depth: number, isRoot: boolean): Rendered => {
    const ordinal = ordinalOf(frameId);

    const visit = (node: SemanticNode, depth: number): Rendered => {
      const role = node.role;
      if (TEXT_ROLES.has(role)) {
        const text = clean(node.name);
        if (!text || BULLET.test(text)) return EMPTY;
        out.push(indent(depth) + text);
        return { text, hasElements: false };
      }
      if (role === "Iframe" || role === "IframePresentational") {
        const child = node.childFrameId ? page.frame(node.childFrameId) : undefined;
        if (!child && node.backendNodeId >= 0) unreadFrameOwners.add(node.backendNodeId);
        const line = out.push("") - 1;
        const inner = child ? renderFrame(child.frameId, child.root, depth + 1, true) : EMPTY;
        return elementLine(node, depth, line, inner, frameId, ordinal);
      }
      const name = clean(node.name);
      if (node.ignored || role === "RootWebArea" || (STRUCTURAL_ROLES.has(role) && !name)) {
        // No line of its own: children stand where it would have.
        return renderChildren(node.children, depth, visit, out);
      }
      const line = out.push("") - 1;
      const inner = VALUE_ROLES.has(role) ? EMPTY : renderChildren(node.children, depth + 1, visit, out);
      if (
        role === "listitem" &&
        !name &&
        !node.value &&
        inner.hasElements &&
        soleChild(out, line, depth + 1)
      ) {
        // An item around one element (a link, a button) says only "an item of the list above", which
        // the list's line and the order already say: the element stands in its place, a level up.
        for (let k = line + 1; k < out.length; k++) if (out[k]) out[k] = out[k]!.slice(1);
        return inner;
      }
      if (!name && !INTERACTIVE_ROLES.has(role) && !node.value && !hasLineAfter(out, line)) {
        out.length = line;
        return EMPTY;
      }
      return elementLine(node, depth, line, inner, frameId, ordinal);
    };

    return isRoot ? renderChildren(node.children, depth, visit, out) : visit(node, depth);
  };

  /** Fills in the element's reserved line (`line`); its children's lines follow it in `out`. */
  const elementLine = (
    node: SemanticNode,
    depth: number,
    line: number,
    inner: Rendered,
    frameId: string,
    ordinal: number,
  ): Rendered => {
    const name = clean(node.name);
    const id = `${ordinal}-${node.backendNodeId}`;
    let label = name;
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
      out.length = line + 1;
    } else if (name && inner.text && textSaysName) {
      label = "";
    }
    elements.set(id, {
      id,
      frameId,
      backendNodeId: node.backendNodeId,
      role: node.role,
      name,
      ...(node.url ? { url: node.url } : {}),
    });
    out[line] = indent(depth) + `[${id}] ${node.role}` + (label ? `: ${label}` : "") + states(node);
    return {
      text: inner.text ? (textSaysName ? inner.text : `${name} ${inner.text}`) : name,
      hasElements: true,
    };
  };

  const main = page.frame(page.mainFrameId);
  if (start) {
    if (start.node) renderFrame(start.frameId, start.node, 0, false);
  } else if (main) {
    const title = clean(main.root.name);
    const rootId = `0-${main.root.backendNodeId}`;
    // The page itself is an element too: `act` scrolls it by this id.
    elements.set(rootId, {
      id: rootId,
      frameId: main.frameId,
      backendNodeId: main.root.backendNodeId,
      role: "RootWebArea",
      name: title,
    });
    out.push(`[${rootId}] RootWebArea${title ? `: ${title}` : ""}`);
    renderFrame(main.frameId, main.root, 1, true);
  }
  return { text: out.filter(Boolean).join("\n"), elements, unreadFrameOwners };
}

function renderChildren(
  children: readonly SemanticNode[] | undefined,
  depth: number,
  visit: (node: SemanticNode, depth: number) => Rendered,
  out: string[],
): Rendered {
  if (!children?.length) return EMPTY;
  const parts: { rendered: Rendered; name: string; start: number; end: number }[] = [];
  for (const child of children) {
    const start = out.length;
    const rendered = visit(child, depth);
    if (out.length > start)
      parts.push({ rendered, name: rendered.hasElements ? clean(child.name) : "", start, end: out.length });
  }
  const texts: string[] = [];
  let hasElements = false;
  parts.forEach(({ rendered, start, end }, i) => {
    // A label's text right beside the control it names says the same thing twice.
    if (
      !rendered.hasElements &&
      (parts[i - 1]?.name === rendered.text || parts[i + 1]?.name === rendered.text)
    ) {
      for (let k = start; k < end; k++) out[k] = "";
      return;
    }
    if (rendered.text) texts.push(rendered.text);
    hasElements ||= rendered.hasElements;
  });
  return { text: texts.join(" "), hasElements };
}

/** Whether exactly one of the lines after `line` sits at `depth` (the rest are inside it). */
function soleChild(out: readonly string[], line: number, depth: number): boolean {
  let children = 0;
  for (let k = line + 1; k < out.length; k++) {
    const text = out[k];
    if (text && text.length > depth && text[depth] !== " " && ++children > 1) return false;
  }
  return children === 1;
}

/** Whether any line after `line` survived (children may have been dropped as repeated labels). */
function hasLineAfter(out: readonly string[], line: number): boolean {
  for (let k = line + 1; k < out.length; k++) if (out[k]) return true;
  return false;
}

function states(node: SemanticNode): string {
  const out: string[] = [];
  const value = clean(node.value ?? "");
  if (value && (VALUE_ROLES.has(node.role) || SHOWN_VALUE_ROLES.has(node.role))) out.push(`value: ${value}`);
  if (node.checked === "true") out.push("checked");
  else if (node.checked === "mixed") out.push("mixed");
  if (node.selected) out.push("selected");
  if (node.expanded !== undefined) out.push(node.expanded ? "expanded" : "collapsed");
  if (node.disabled) out.push("disabled");
  else if (VALUE_ROLES.has(node.role) && node.readonly) out.push("readonly");
  return out.length ? ` [${out.join(", ")}]` : "";
}

function squash(text: string): string {
  return text.replace(/\s+/g, "");
}

/** Collapses every run of white space to one space and trims the ends. */
export function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

const INDENTS: string[] = [];
function indent(depth: number): string {
  return (INDENTS[depth] ??= " ".repeat(depth));
}
