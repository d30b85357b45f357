/**
 * Accessible names, after W3C "Accessible Name and Description Computation 1.2" (accname) and the
 * element-specific rules of HTML-AAM, computed from a DOM capture.
 *
 * Implemented, in accname's order:
 * - 2B `aria-labelledby` (each referenced element's text, hidden ones included, not followed twice);
 * - 2C embedded controls inside a label or a name from content: a text field gives its value, a select its
 *   selected option(s), a slider or spin button its value — and the control being named is left out of its
 *   own label;
 * - 2C `aria-label`;
 * - 2D native text alternatives: `<label for>` and wrapping `<label>` for labelable elements, `alt` of
 *   `<img>`, `<area>` and `<input type=image>`, `value` (or "Submit"/"Reset") of button inputs, `<legend>`
 *   of a `<fieldset>`, `<figcaption>` of a `<figure>`, `<caption>` of a `<table>`, `<title>` of an `<svg>`,
 *   `label` of an `<option>` or `<optgroup>`, `title` of an `<iframe>`, `placeholder` of a text field;
 * - 2F name from content for the roles that allow it (and for every descendant while computing one), with
 *   CSS `::before`/`::after` text, spaces around block-level elements, and hidden descendants skipped;
 * - 2I the `title` attribute (a tooltip) as the last resort.
 *
 * Left out: `aria-describedby` and descriptions in general (the snapshot shows no descriptions); CSS
 * `display` values other than the tag's default when deciding where spaces go (`display: block` on a
 * `<span>` joins its text without a space); the `:host`/`::part` cases of names that cross shadow trees
 * through `aria-labelledby` (ids resolve within the document, same kind of tree first); `<label>`s in
 * another tree than their control; and the text of a closed `<select>`'s popup when it differs from the
 * selected option's text.
 */
import { ELEMENT_NODE, mayBeDisplayContents, TEXT_NODE, type DomDocument } from "./dom-document.js";
import { explicitRole, implicitRole, type RoleContext } from "./element-role.js";
import {
  NAME_FROM_CONTENT,
  NAME_PROHIBITED,
  INLINE_TAGS,
  LABELABLE,
  TEXT_FIELD_TYPES,
  NO_NAME_FROM_CONTENT,
  HIDDEN_CONTENT,
  NATIVE_NAMED,
} from "./name-sources.js";

/** How a piece of text is being gathered. */
interface Traversal {
  /** Inside an `aria-labelledby` reference: hidden nodes count, and no second `aria-labelledby` is followed. */
  labelledBy: boolean;
  /** The control whose label this is: it is not part of its own name. */
  exclude: number;
}

/** Computes accessible names over one captured document. */
export class AccessibleNames {
  private labelsByFor: Map<string, number[]> | undefined;

  constructor(private readonly doc: DomDocument) {}

  /** The accessible name of a rendered element whose role is `role`. */
  nameOf(i: number, role: string): string {
    const doc = this.doc;
    if (!doc.hasAttributes(i) && !NAME_FROM_CONTENT.has(role) && !NATIVE_NAMED.has(doc.tag(i))) return "";
    const labelledBy = doc.attr(i, "aria-labelledby");
    if (labelledBy) {
      const text = this.labelledByText(i, labelledBy);
      if (text) return text;
    }
    if (NAME_PROHIBITED.has(role)) return "";
    const ariaLabel = doc.attr(i, "aria-label")?.trim();
    if (ariaLabel) return clean(ariaLabel);
    const native = this.nativeName(i, role);
    if (native !== undefined) return native;
    if (NAME_FROM_CONTENT.has(role)) {
      const content = clean(this.content(i, { labelledBy: false, exclude: -1 }));
      if (content) return content;
    }
    return clean(doc.attr(i, "title") ?? "");
  }

  /** 2D: the host language's own naming, or undefined when it has none for this element. */
  private nativeName(i: number, role: string): string | undefined {
    const doc = this.doc;
    const tag = doc.tag(i);
    const named = (text: string | undefined) => (text ? clean(text) : undefined);
    switch (tag) {
      case "input": {
        const type = (doc.attr(i, "type") ?? "").toLowerCase();
        if (type === "button" || type === "submit" || type === "reset") {
          const value = doc.attr(i, "value");
          if (value !== undefined) return named(value) ?? "";
          return type === "submit" ? "Submit" : type === "reset" ? "Reset" : undefined;
        }
        if (type === "image")
          return (
            named(doc.attr(i, "alt")) ??
            named(doc.attr(i, "value")) ??
            named(doc.attr(i, "title")) ??
            "Submit"
          );
        return (
          named(this.labelText(i)) ??
          named(doc.attr(i, "title")) ??
          named(doc.attr(i, "placeholder")) ??
          named(doc.attr(i, "aria-placeholder"))
        );
      }
      case "textarea":
        return (
          named(this.labelText(i)) ??
          named(doc.attr(i, "title")) ??
          named(doc.attr(i, "placeholder")) ??
          named(doc.attr(i, "aria-placeholder"))
        );
      case "select":
      case "meter":
      case "progress":
      case "output":
        return named(this.labelText(i));
      case "button":
        return named(this.labelText(i));
      case "img":
      case "area": {
        const alt = doc.attr(i, "alt");
        return alt !== undefined ? clean(alt) : undefined;
      }
      case "fieldset":
        return named(this.childText(i, "legend"));
      case "figure":
        return named(this.childText(i, "figcaption"));
      case "table":
        return named(this.childText(i, "caption"));
      case "svg":
        return named(this.svgTitle(i));
      case "iframe":
      case "frame":
      case "fencedframe":
        return named(doc.attr(i, "title"));
      case "optgroup":
        return named(doc.attr(i, "label"));
      case "option":
        return named(doc.attr(i, "label")) ?? clean(this.content(i, { labelledBy: true, exclude: -1 }));
      default:
        return role === "RootWebArea" ? clean(doc.title) : undefined;
    }
  }

  /** 2B: the text of the elements an `aria-labelledby` names, hidden ones included. */
  private labelledByText(from: number, ids: string): string {
    const parts: string[] = [];
    for (const id of ids.split(/\s+/)) {
      if (!id) continue;
      const target = this.doc.elementById(id, from);
      if (target === undefined) continue;
      const ariaLabel = this.doc.attr(target, "aria-label")?.trim();
      const text = ariaLabel || this.content(target, { labelledBy: true, exclude: -1 });
      if (text.trim()) parts.push(text);
    }
    return clean(parts.join(" "));
  }

  /** The text of the `<label>`s of a labelable element: `<label for=id>`s, then a wrapping `<label>`. */
  private labelText(control: number): string | undefined {
    const doc = this.doc;
    const labels: number[] = [];
    const id = doc.attr(control, "id");
    // `for` names the first element with that id: a second element with the same id has no such label.
    if (id && doc.elementById(id, control) === control) {
      for (const label of this.labelsFor(id))
        if (doc.shadowRootType(label) === doc.shadowRootType(control)) labels.push(label);
    }
    for (let p = doc.parent[control]!; p >= 0; p = doc.parent[p]!) {
      if (doc.nodeType(p) !== ELEMENT_NODE) break;
      if (doc.tag(p) === "label") {
        if (doc.attr(p, "for") === undefined && this.firstLabelable(p) === control && !labels.includes(p))
          labels.push(p);
        break;
      }
    }
    if (!labels.length) return undefined;
    const text = labels.map((label) => this.content(label, { labelledBy: false, exclude: control }));
    return clean(text.join(" ")) || undefined;
  }

  private labelsFor(id: string): number[] {
    if (!this.labelsByFor) {
      this.labelsByFor = new Map();
      const doc = this.doc;
      for (let i = 0; i < doc.size; i++) {
        if (doc.nodeType(i) !== ELEMENT_NODE || !doc.hasAttributes(i) || doc.tag(i) !== "label") continue;
        const target = doc.attr(i, "for");
        if (target === undefined) continue;
        const list = this.labelsByFor.get(target);
        if (list) list.push(i);
        else this.labelsByFor.set(target, [i]);
      }
    }
    return this.labelsByFor.get(id) ?? [];
  }

  /** The first labelable element inside a `<label>`: the one a wrapping label names. */
  private firstLabelable(label: number): number {
    const doc = this.doc;
    const end = doc.subtreeEnd(label);
    for (let i = label + 1; i < end; i++) {
      if (doc.nodeType(i) !== ELEMENT_NODE || !LABELABLE.has(doc.tag(i))) continue;
      if (doc.tag(i) === "input" && doc.attr(i, "type")?.toLowerCase() === "hidden") continue;
      return i;
    }
    return -1;
  }

  /** The text of the first child element with this tag (`<legend>`, `<figcaption>`, `<caption>`, svg `<title>`). */
  private childText(i: number, tag: string, evenIfHidden = false): string | undefined {
    const doc = this.doc;
    for (let c = doc.firstChild[i]!; c >= 0; c = doc.nextSibling[c]!) {
      if (doc.nodeType(c) === ELEMENT_NODE && doc.tag(c) === tag)
        return this.content(c, { labelledBy: evenIfHidden, exclude: -1 });
    }
    return undefined;
  }

  /**
   * 2F: the text of an element's content, each child contributing its own text alternative (2C-2I), with
   * spaces around block-level children.
   */
  content(i: number, traversal: Traversal): string {
    const doc = this.doc;
    let text = "";
    for (let c = doc.firstChild[i]!; c >= 0; c = doc.nextSibling[c]!) {
      const type = doc.nodeType(c);
      if (type === TEXT_NODE) {
        if (traversal.labelledBy) text += doc.renderedText(c) ?? doc.nodeValue(c);
        else if (!doc.isVisibilityHidden(c)) text += doc.renderedText(c) ?? "";
        continue;
      }
      if (type !== ELEMENT_NODE || c === traversal.exclude) continue;
      const part = this.childAlternative(c, traversal);
      if (!part) continue;
      text += INLINE_TAGS.has(doc.tag(c)) ? part : ` ${part} `;
    }
    return text;
  }

  /** A child's contribution to its ancestor's name from content (accname 2B-2I on the child). */
  private childAlternative(c: number, traversal: Traversal): string {
    const doc = this.doc;
    const tag = doc.tag(c);
    const pseudo = doc.pseudoType(c);
    if (pseudo) return pseudo === "before" || pseudo === "after" ? (doc.renderedText(c) ?? "") : "";
    if (HIDDEN_CONTENT.has(tag)) return "";
    if (!traversal.labelledBy) {
      if (doc.attr(c, "aria-hidden") === "true" || doc.attr(c, "inert") !== undefined) return "";
      // No box: not rendered, unless it is a `display: contents` element (its rendered children count).
      if (doc.layout[c]! < 0 && !mayBeDisplayContents(tag)) return "";
      // Hidden itself (`visibility: hidden`): its own alternatives are hidden, visible descendants count.
      if (doc.isVisibilityHidden(c)) return this.content(c, traversal);
      const labelledBy = doc.attr(c, "aria-labelledby");
      if (labelledBy) {
        const text = this.labelledByText(c, labelledBy);
        if (text) return text;
      }
    }
    const control = this.embeddedControlText(c, tag);
    if (control !== undefined) return control;
    const ariaLabel = doc.attr(c, "aria-label")?.trim();
    if (ariaLabel) return ariaLabel;
    switch (tag) {
      case "img":
      case "area":
        // An image of no size shows neither itself nor its alt text.
        if (tag === "img" && doc.hasEmptyBox(c)) return "";
        return doc.attr(c, "alt") ?? doc.attr(c, "title") ?? "";
      case "svg":
        return this.svgTitle(c) ?? "";
      case "figure":
      case "table":
      case "fieldset": {
        const caption = this.childText(
          c,
          tag === "figure" ? "figcaption" : tag === "table" ? "caption" : "legend",
        );
        if (caption?.trim()) return caption;
      }
    }
    // Containers of many things (articles, tables, lists of options, landmarks…) give no text from their
    // content to a name around them — Chromium's rule, which keeps a card link's name from swallowing the card.
    const role = explicitRole(doc, c) ?? implicitRole(doc, c, tag, NO_CONTEXT);
    if (NO_NAME_FROM_CONTENT.has(role)) return doc.attr(c, "title") ?? "";
    const inner = this.content(c, traversal);
    if (inner.trim()) return inner;
    return doc.attr(c, "title") ?? "";
  }

  /** An `<svg>`'s `<title>`, or the `<title>` of the symbol its `<use>` draws (icon sprites). */
  private svgTitle(svg: number): string | undefined {
    const doc = this.doc;
    const own = this.childText(svg, "title", true);
    if (own?.trim()) return own;
    for (let c = doc.firstChild[svg]!; c >= 0; c = doc.nextSibling[c]!) {
      if (doc.tag(c) !== "use") continue;
      const href = doc.attr(c, "href") ?? doc.attr(c, "xlink:href");
      const target = href?.startsWith("#") ? doc.elementById(href.slice(1), c) : undefined;
      return target === undefined ? undefined : this.childText(target, "title", true);
    }
    return undefined;
  }

  /** 2C: what an embedded form control contributes to a label or a name from content. */
  private embeddedControlText(c: number, tag: string): string | undefined {
    const doc = this.doc;
    const role = doc.attr(c, "role")?.trim().split(/\s+/)[0];
    if (tag === "input") {
      const type = (doc.attr(c, "type") ?? "").toLowerCase();
      if (TEXT_FIELD_TYPES.has(type) || type === "range") return doc.formValue(c) ?? "";
      if (type === "button" || type === "submit" || type === "reset") return doc.attr(c, "value") ?? "";
      return "";
    }
    if (tag === "textarea") return doc.formValue(c) ?? "";
    if (tag === "select") {
      const selected: string[] = [];
      const walk = (n: number) => {
        for (let o = doc.firstChild[n]!; o >= 0; o = doc.nextSibling[o]!) {
          if (doc.nodeType(o) !== ELEMENT_NODE) continue;
          if (doc.tag(o) === "optgroup") walk(o);
          else if (doc.tag(o) === "option" && doc.isOptionSelected(o))
            selected.push(doc.attr(o, "label") ?? this.content(o, { labelledBy: true, exclude: -1 }));
        }
      };
      walk(c);
      return selected.join(" ");
    }
    if (role === "textbox" || role === "searchbox")
      return this.content(c, { labelledBy: false, exclude: -1 });
    if (role === "slider" || role === "spinbutton" || role === "scrollbar")
      return doc.attr(c, "aria-valuetext") ?? doc.attr(c, "aria-valuenow") ?? "";
    return undefined;
  }
}

/** The context assumed for a descendant's role inside a name (it only decides landmark or not). */
const NO_CONTEXT: RoleContext = { inSectioning: false, inMain: false, inGrid: false };
function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
