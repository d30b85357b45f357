/**
 * Builds the semantic tree (`semantic-node.ts`) from a DOM capture: for every rendered element its role,
 * accessible name and states, for every rendered text its text, across frames and shadow trees.
 *
 * What counts as not rendered, and is left out with everything inside it: `display: none` (no layout box,
 * nothing inside with one), `aria-hidden="true"`, `inert`, a closed `<details>`' content, and elements of
 * zero width or height that show nothing inside (an empty icon link, a collapsed input). `visibility:
 * hidden` leaves out the element itself but not a descendant that sets `visibility: visible`, as
 * browsers do. A `display: contents` element keeps its role: its children are rendered.
 */
import { AccessibleNames } from "./accessible-name.js";
import type { CapturedFrame, PageCapture } from "./dom-capture.js";
import { ELEMENT_NODE, mayBeDisplayContents, TEXT_NODE, type DomDocument } from "./dom-document.js";
import {
  explicitRole,
  implicitRole,
  isNativelyFocusable,
  SECTIONING_ROLES,
  SECTIONING_TAGS,
} from "./element-role.js";
import { elementStates } from "./element-states.js";
import type { SemanticFrame, SemanticNode, SemanticPage } from "./semantic-node.js";
import { INTERACTIVE_ROLES } from "./snapshot-format.js";

/** Elements whose content is never on screen: not walked at all. */
const SKIPPED_TAGS = new Set(["head", "script", "style", "template", "noscript", "meta", "link", "title"]);

/** Elements that show a document of their own and nothing else. */
const FRAME_TAGS = new Set(["iframe", "frame", "fencedframe"]);

/**
 * Roles whose children are not walked: text entry (the content is the value, which the line shows), and
 * roles whose children ARIA makes presentational (an icon's SVG paths, a `role="img"` banner's parts, the
 * dots of a `role="separator"`, a slider's thumb).
 */
const LEAF_ROLES = new Set([
  "textbox",
  "searchbox",
  "spinbutton",
  "image",
  "separator",
  "progressbar",
  "meter",
  "scrollbar",
  "slider",
]);

/** What an element passes down to its children. */
interface Context {
  inSectioning: boolean;
  inMain: boolean;
  inGrid: boolean;
  disabled: boolean;
}

const TOP: Context = { inSectioning: false, inMain: false, inGrid: false, disabled: false };

/** What to leave out (`ignoreSelectors`): backend node ids of elements, by frame id. */
export type IgnoredElements = ReadonlyMap<string, ReadonlySet<number>>;

/**
 * The page's semantic tree. Frames are built when first asked for, so a read scoped to one element
 * (`semanticSubtree`) builds only the frames it shows.
 */
export function semanticPage(capture: PageCapture, ignored?: IgnoredElements): SemanticPage {
  const built = new Map<string, SemanticFrame | undefined>();
  return {
    mainFrameId: capture.mainFrameId,
    frame(frameId) {
      if (!built.has(frameId)) {
        const frame = capture.frames.get(frameId);
        built.set(
          frameId,
          frame ? new FrameBuilder(frame, capture, ignored?.get(frameId)).whole() : undefined,
        );
      }
      return built.get(frameId);
    },
  };
}

/**
 * The semantic node of one element (the `selector` option) with everything inside it, built with the
 * context its ancestors give it; undefined when the element is not rendered.
 */
export function semanticSubtree(
  capture: PageCapture,
  frameId: string,
  backendNodeId: number,
  ignored?: IgnoredElements,
): SemanticNode | undefined {
  const frame = capture.frames.get(frameId);
  if (!frame) return undefined;
  return new FrameBuilder(frame, capture, ignored?.get(frameId)).subtree(backendNodeId);
}

/** Builds one frame's tree. */
class FrameBuilder {
  private readonly doc: DomDocument;
  private readonly names: AccessibleNames;

  constructor(
    private readonly frame: CapturedFrame,
    private readonly capture: PageCapture,
    private readonly ignored: ReadonlySet<number> | undefined,
  ) {
    this.doc = frame.document;
    this.names = new AccessibleNames(this.doc);
  }

  whole(): SemanticFrame {
    const doc = this.doc;
    const children: SemanticNode[] = [];
    this.visitChildren(0, TOP, children);
    return {
      frameId: this.frame.frameId,
      root: { role: "RootWebArea", name: doc.title, backendNodeId: doc.backendId(0), children },
    };
  }

  subtree(backendNodeId: number): SemanticNode | undefined {
    const doc = this.doc;
    const target = doc.snapshot.nodes.backendNodeId.indexOf(backendNodeId);
    if (target < 0) return undefined;
    // The context its ancestors give: hidden or inert ones hide it, others set roles' context.
    const ancestors: number[] = [];
    for (let p = doc.parent[target]!; p >= 0; p = doc.parent[p]!) ancestors.push(p);
    let context = TOP;
    for (const a of ancestors.reverse()) {
      if (doc.nodeType(a) !== ELEMENT_NODE) continue;
      if (this.isCut(a, doc.tag(a))) return undefined;
      context = this.childContext(
        a,
        doc.tag(a),
        explicitRole(doc, a) ?? implicitRole(doc, a, doc.tag(a), context),
        context,
      );
    }
    const into: SemanticNode[] = [];
    this.visit(target, context, into);
    if (into.length === 1) return into[0];
    return into.length ? { role: "generic", name: "", backendNodeId, children: into } : undefined;
  }

  private visitChildren(i: number, context: Context, into: SemanticNode[]): void {
    const doc = this.doc;
    for (let c = doc.firstChild[i]!; c >= 0; c = doc.nextSibling[c]!) this.visit(c, context, into);
  }

  private visit(i: number, context: Context, into: SemanticNode[]): void {
    const doc = this.doc;
    const type = doc.nodeType(i);
    if (type === TEXT_NODE) {
      if (doc.layout[i]! < 0 || doc.isVisibilityHidden(i)) return;
      const text = doc.renderedText(i);
      if (text && /\S/.test(text))
        into.push({ role: "StaticText", name: text, backendNodeId: doc.backendId(i) });
      return;
    }
    if (type !== ELEMENT_NODE) return;
    const tag = doc.tag(i);
    if (SKIPPED_TAGS.has(tag) || this.ignored?.has(doc.backendId(i))) return;
    const pseudo = doc.pseudoType(i);
    if (pseudo !== undefined) {
      this.pseudoText(i, pseudo, into);
      return;
    }
    if (this.isCut(i, tag)) return;
    const rendered = doc.layout[i]! >= 0;
    if (!rendered && !mayBeDisplayContents(tag)) return;

    let role = explicitRole(doc, i) ?? implicitRole(doc, i, tag, context);
    if (role === "none" && isNativelyFocusable(doc, i, tag)) role = implicitRole(doc, i, tag, context);
    const childContext = this.childContext(i, tag, role, context);
    const children: SemanticNode[] = [];
    let childFrameId: string | undefined;
    if (FRAME_TAGS.has(tag) || tag === "object" || tag === "embed") {
      childFrameId = this.capture.childFrame(this.frame.frameId, i);
      // An <object>'s children are its fallback content, shown when it shows no document.
      if (!FRAME_TAGS.has(tag) && !childFrameId) this.visitChildren(i, childContext, children);
    } else if (tag === "select" && role === "combobox") {
      this.options(i, childContext, children);
    } else if (!LEAF_ROLES.has(role)) {
      this.visitChildren(i, childContext, children);
    }

    // No box: `display: contents` when something inside is rendered, else not rendered at all.
    if (!rendered && !children.length) return;
    // A box of no area with nothing in it: an operable element no one can see or reach, an image not shown.
    if (
      rendered &&
      !children.length &&
      (INTERACTIVE_ROLES.has(role) || role === "image") &&
      doc.hasEmptyBox(i)
    )
      return;
    if (doc.isVisibilityHidden(i)) {
      if (children.length)
        into.push({ role, name: "", backendNodeId: doc.backendId(i), ignored: true, children });
      return;
    }
    if (childFrameId) role = role === "none" ? "IframePresentational" : "Iframe";
    const node: SemanticNode = {
      role,
      name: this.names.nameOf(i, role),
      backendNodeId: doc.backendId(i),
      ...elementStates(doc, i, tag, role, context.disabled, () =>
        this.names.content(i, { labelledBy: false, exclude: -1 }),
      ),
    };
    if (role === "link") {
      const href = doc.attr(i, "href") ?? doc.attr(i, "xlink:href");
      const url = href === undefined ? undefined : absoluteUrl(href, doc.baseUrl);
      if (url) node.url = url;
    }
    if (children.length) node.children = children;
    if (childFrameId) node.childFrameId = childFrameId;
    into.push(node);
  }

  /** Whether the element hides itself and everything inside it from readers. */
  private isCut(i: number, tag: string): boolean {
    const doc = this.doc;
    if (!doc.hasAttributes(i)) return false;
    // Chromium ignores aria-hidden on the document element and body, where pages set it by mistake.
    if (doc.attr(i, "aria-hidden") === "true" && tag !== "html" && tag !== "body") return true;
    return doc.attr(i, "inert") !== undefined;
  }

  private childContext(i: number, tag: string, role: string, context: Context): Context {
    const doc = this.doc;
    const inSectioning = context.inSectioning || SECTIONING_ROLES.has(role) || SECTIONING_TAGS.has(tag);
    const inMain = context.inMain || role === "main" || tag === "main";
    const inGrid = tag === "table" ? role === "grid" || role === "treegrid" : context.inGrid;
    const disabled =
      context.disabled ||
      (doc.hasAttributes(i) &&
        (doc.attr(i, "aria-disabled") === "true" ||
          (tag === "fieldset" && doc.attr(i, "disabled") !== undefined)));
    if (
      inSectioning === context.inSectioning &&
      inMain === context.inMain &&
      inGrid === context.inGrid &&
      disabled === context.disabled
    )
      return context;
    return { inSectioning, inMain, inGrid, disabled };
  }

  /** The text a `::before`, `::after` or list marker shows. */
  private pseudoText(i: number, pseudo: string, into: SemanticNode[]): void {
    const doc = this.doc;
    if (pseudo !== "before" && pseudo !== "after" && pseudo !== "marker") return;
    if (doc.isVisibilityHidden(i)) return;
    const text = doc.renderedText(i);
    if (!text || !/\S/.test(text)) return;
    into.push({ role: pseudo === "marker" ? "ListMarker" : "StaticText", name: text, backendNodeId: -1 });
  }

  /** A drop-down `<select>`'s options: not laid out while the list is closed, but part of the control. */
  private options(select: number, context: Context, into: SemanticNode[]): void {
    const doc = this.doc;
    for (let c = doc.firstChild[select]!; c >= 0; c = doc.nextSibling[c]!) {
      if (doc.nodeType(c) !== ELEMENT_NODE || doc.attr(c, "hidden") !== undefined) continue;
      const tag = doc.tag(c);
      const disabled = context.disabled || doc.attr(c, "disabled") !== undefined;
      if (tag === "optgroup") {
        const options: SemanticNode[] = [];
        this.options(c, { ...context, disabled }, options);
        if (options.length)
          into.push({
            role: "group",
            name: this.names.nameOf(c, "group"),
            backendNodeId: doc.backendId(c),
            children: options,
          });
      } else if (tag === "option") {
        into.push({
          role: "option",
          name: this.names.nameOf(c, "option"),
          backendNodeId: doc.backendId(c),
          ...elementStates(doc, c, tag, "option", context.disabled, () => ""),
        });
      }
    }
  }
}

/** A link's target as the browser resolves it; undefined when it cannot be resolved. */
function absoluteUrl(href: string, base: string): string | undefined {
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return undefined;
  }
}
