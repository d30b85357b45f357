/**
 * Renders a light tree as GitHub-flavoured markdown: blocks (headings, paragraphs, lists, quotes,
 * code, tables, rules) separated by blank lines, inline markup inside them, links and images
 * absolute. Recursion is bounded: past MAX_DEPTH nested elements a subtree becomes plain text, so a
 * hostile page nested 100,000 deep cannot overflow the stack.
 */
import { LightElement, type LightNode } from "../dom/light-dom.js";
import { codeLanguage, codeSpan, fencedCodeBlock, preformattedText } from "./code-blocks.js";
import { resolveLink } from "./link-urls.js";
import { separateGluedWords } from "./word-gaps.js";
import {
  CODE_TAGS,
  emphasisKind,
  emphasized,
  imageMarkup,
  isCode,
  InlineText,
  linked,
} from "./inline-marks.js";
import { OWN_BLOCKS, pushBlock, readText, type Copies } from "./block-copies.js";
import {
  collapseWhitespace,
  escapeText,
  finishParagraph,
  HARD_BREAK,
  isOnlySeparators,
  MARKDOWN_IMAGES,
  RULE_BLOCK,
  singleLine,
  withoutUndescribedImages,
} from "./markdown-text.js";
import { LIST_START, renderList, type ListRendering } from "./lists.js";
import { isLineNumberGutter } from "./line-number-gutters.js";
import { renderTable } from "./tables.js";
import { mathMarkdown } from "./math.js";
import { BLOCK_TAGS, markBlockHolders, SKIP_TAGS, spacedText } from "./block-tags.js";

const MAX_DEPTH = 200;
/**
 * How wide the prefix that lists and quotes put before each line of their content (`> `, an item's
 * indentation) may grow; a list or quote that would widen it further is written as its plain text. Every
 * line inside carries each level's prefix, so a hostile page of 200 nested quotes around 50,000 short
 * paragraphs made 40 MB of markdown from 640 KB (11.5 s). Real pages stay far inside it (quotes of
 * quotes 7 deep at most in WCXB's 1,497 pages, 14 characters).
 */
const MAX_PREFIX_WIDTH = 32;
const PERMALINK_TEXT = /^[\s\uE000]*(?:(?:#|¶|§|🔗|⚓|\\#|link)[\s\uE000]*)?$/iu;

/**
 * The markdown blocks of `root`'s content; join them with blank lines. The tree is read as a browser
 * lays it out, and changed for it: words only the stylesheet sets apart get a space between them.
 */
export function renderBlocks(root: LightElement, base: URL | null): string[] {
  separateGluedWords(root);
  return new MarkdownRenderer(base, root).blocks(root);
}

class MarkdownRenderer {
  private depth = 0;
  /** The width of the prefix the lists and quotes around what is being rendered give each line. */
  private prefixWidth = 0;
  private linkDepth = 0;
  private strongDepth = 0;
  private emDepth = 0;
  private delDepth = 0;
  /** Set while rendering a list that directly follows another list. */
  private alternateMarker = false;
  /** Inline elements with block content somewhere inside (found once, bottom-up). */
  private readonly holdsBlocks = new Set<LightElement>();
  private readonly listRendering: ListRendering = {
    blocks: (el) => this.blocks(el),
    nested: (el, width, render) => this.nested(el, width, render),
  };

  constructor(
    private readonly base: URL | null,
    root: LightElement,
  ) {
    markBlockHolders(root, this.holdsBlocks);
  }

  blocks(el: LightElement): string[] {
    if (this.depth > MAX_DEPTH) return plainTextBlocks(el);
    this.depth++;
    const out: string[] = [];
    let inline = new InlineText();
    const flush = () => {
      const paragraph = finishParagraph(inline.toString());
      if (paragraph) pushBlock(out, paragraph);
      inline = new InlineText();
    };
    // An explicit stack of child lists: inline wrappers around blocks (a <span> holding <div>s) are
    // walked through without recursion.
    const stack: { nodes: LightNode[]; i: number }[] = [{ nodes: el.children, i: 0 }];
    while (stack.length) {
      const frame = stack[stack.length - 1]!;
      const node = frame.nodes[frame.i];
      if (!node) {
        stack.pop();
        continue;
      }
      frame.i++;
      if (node.type === "text") {
        inline.add(escapeText(collapseWhitespace(node.data), this.linkDepth > 0));
        continue;
      }
      if (SKIP_TAGS.has(node.tag)) continue;
      if (BLOCK_TAGS.has(node.tag)) {
        flush();
        // Two lists in a row would merge into one; a different marker keeps them apart.
        const previous = out[out.length - 1];
        this.alternateMarker =
          previous !== undefined &&
          LIST_START.test(previous) &&
          (previous.startsWith("- ") || /^\d+\. /.test(previous));
        // A wrapper's first block may be a copy of the block before it, drawn in another container
        // (a desktop and a mobile heading); blocks side by side in one container are the author's.
        // An image is a block of its own even in a `<div>` that holds nothing else.
        let copies: Copies = OWN_BLOCKS.has(node.tag)
          ? "none"
          : this.holdsBlockChildren(node)
            ? "all"
            : "images";
        for (const block of this.block(node)) {
          if (!block) continue;
          if (isLineNumberGutter(out[out.length - 1], block)) out.pop();
          pushBlock(out, block, copies);
          copies = "none";
        }
        this.alternateMarker = false;
        continue;
      }
      if (this.holdsBlocks.has(node)) {
        if (node.tag === "a" && this.linkDepth === 0) {
          const heading = this.headingLink(node);
          if (heading) {
            flush();
            pushBlock(out, heading);
          } else inline.add(this.inline(node));
        } else stack.push({ nodes: node.children, i: 0 });
        continue;
      }
      const [text, next] = this.inlineRun(frame.nodes, frame.i - 1);
      inline.add(text);
      frame.i = next;
    }
    flush();
    this.depth--;
    return out;
  }

  /** Whether an element holds blocks (a container), not only inline content (a paragraph in a `<div>`). */
  private holdsBlockChildren(el: LightElement): boolean {
    return el.children.some(
      (child) => child.type === "element" && (BLOCK_TAGS.has(child.tag) || this.holdsBlocks.has(child)),
    );
  }

  private block(el: LightElement): string[] {
    switch (el.tag) {
      case "h1":
      case "h2":
      case "h3":
      case "h4":
      case "h5":
      case "h6":
        return [this.heading(el)];
      case "pre": {
        const text = preformattedText(el);
        return text.trim() ? [fencedCodeBlock(text, codeLanguage(el))] : [];
      }
      case "ul":
      case "ol":
        return [this.list(el)];
      case "blockquote":
        return [this.quote(el)];
      case "table":
        return renderTable(el, { cell: (cell) => this.cell(cell), blocks: (node) => this.blocks(node) });
      case "hr":
        return [RULE_BLOCK];
      case "dt":
        return this.term(el);
      default:
        return this.blocks(el);
    }
  }

  private heading(el: LightElement): string {
    let text = singleLine(this.children(el));
    if (!text || isOnlySeparators(text)) return "";
    // A heading holding only a picture (a logo, a banner) heads nothing: the picture stands alone.
    if (!readText(text.replace(MARKDOWN_IMAGES, "")))
      return text.includes("![") ? text.replace(/^\*\*(.*)\*\*$/, "$1") : "";
    // Beside its words, a picture without alt text is an icon (an arrow, a bullet) or one the page
    // marks as decoration (`alt=""`): the words are the heading.
    if (text.includes("![]")) text = withoutUndescribedImages(text);
    return `${"#".repeat(Number(el.tag[1]))} ${text.endsWith("#") ? text.slice(0, -1) + "\\#" : text}`;
  }

  /**
   * A definition list's term, in bold: markdown has no definition lists, and the term written as a
   * paragraph like its definition would no longer say which is which ("**Weight**", then "2 kg"). A term
   * with markup of its own (an API's signature, its parameters in italics and code) stays as it is:
   * emphasis around emphasis is where markdown parsers disagree.
   */
  private term(dt: LightElement): string[] {
    const blocks = this.blocks(dt);
    const text = blocks.length === 1 ? blocks[0]! : "";
    return text && !/[*_`[\n\\]/.test(text) ? [`**${text}**`] : blocks;
  }

  /** A link wrapping just a heading becomes a heading holding the link. */
  private headingLink(a: LightElement): string | null {
    const href = resolveLink(a.attr("href"), this.base);
    const inner = this.withLink(() => this.blocks(a));
    const match = inner.length === 1 ? /^(#{1,6}) ([^\n]+)$/.exec(inner[0]!) : null;
    if (!match) return null;
    return href ? `${match[1]} [${match[2]}](${href})` : inner[0]!;
  }

  private list(el: LightElement): string {
    const alternate = this.alternateMarker;
    this.alternateMarker = false;
    return renderList(el, alternate, this.listRendering);
  }

  /** Renders a list or quote inside a prefix `width` wider, or, past MAX_PREFIX_WIDTH, its plain text. */
  private nested(el: LightElement, width: number, render: () => string): string {
    if (this.prefixWidth + width > MAX_PREFIX_WIDTH) return plainTextBlocks(el).join("\n\n");
    this.prefixWidth += width;
    try {
      return render();
    } finally {
      this.prefixWidth -= width;
    }
  }

  private quote(el: LightElement): string {
    return this.nested(el, 2, () => this.quoted(el));
  }

  private quoted(el: LightElement): string {
    const inner = this.blocks(el).join("\n\n");
    if (!inner.trim()) return "";
    return inner
      .split("\n")
      .map((line) => (line ? `> ${line}` : ">"))
      .join("\n");
  }

  private cell(cell: LightElement): string {
    return singleLine(this.holdsBlocks.has(cell) ? this.blocks(cell).join(" ") : this.children(cell));
  }

  private children(el: LightElement): string {
    if (this.depth > MAX_DEPTH) return escapeText(collapseWhitespace(el.textContent), this.linkDepth > 0);
    this.depth++;
    const out = new InlineText();
    const children = el.children;
    for (let i = 0; i < children.length;) {
      const [text, next] = this.inlineRun(children, i);
      out.add(text);
      i = next;
    }
    this.depth--;
    return out.toString();
  }

  /**
   * The inline markdown of `nodes[i]`, and the index after what it consumed: adjacent `<b>a</b><b>b</b>`
   * make one `**ab**` (not `**a****b**`), adjacent code elements one span (`a``b` would read as a
   * single span holding "a``b").
   */
  private inlineRun(nodes: LightNode[], i: number): [string, number] {
    const node = nodes[i]!;
    const kind = emphasisKind(node);
    if (kind && emphasisKind(nodes[i + 1]) === kind) {
      const group = new LightElement((node as LightElement).tag);
      while (emphasisKind(nodes[i]) === kind) group.children.push(...(nodes[i++] as LightElement).children);
      return [this.inline(group), i];
    }
    if (node.type === "element" && node.tag === "a" && !this.linkDepth) {
      const run = this.sameTargetRun(nodes, i);
      if (run) return run;
    }
    if (isCode(node)) {
      let text = "";
      while (i < nodes.length && isCode(nodes[i]!)) text += (nodes[i++] as LightElement).textContent;
      return [codeSpan(text), i];
    }
    return [this.inline(node), i + 1];
  }

  /**
   * Links side by side to the same address that split a word (`<a>Co</a><a>ntact us</a>`, the second
   * going on in lower case) are one link, as the reader reads one word. Links a space apart, or
   * starting a new word, stay apart: each is the author's.
   */
  private sameTargetRun(nodes: LightNode[], i: number): [string, number] | null {
    const first = nodes[i] as LightElement;
    const after = nodes[i + 1];
    if (after?.type !== "element" || after.tag !== "a" || this.holdsBlocks.has(after)) return null;
    const text = first.textContent;
    const next = after.textContent;
    if (!/[\p{L}\p{N}]$/u.test(text) || !/^\p{Ll}/u.test(next)) return null;
    const href = resolveLink(first.attr("href"), this.base);
    if (!href || resolveLink(after.attr("href"), this.base) !== href) return null;
    const group = new LightElement("a", first.attrs);
    group.children.push(...first.children, ...after.children);
    return [this.inline(group), i + 2];
  }

  private inline(node: LightNode): string {
    if (node.type === "text") return escapeText(collapseWhitespace(node.data), this.linkDepth > 0);
    const tag = node.tag;
    if (SKIP_TAGS.has(tag)) return "";
    switch (tag) {
      case "br":
        return HARD_BREAK;
      case "img":
        return imageMarkup(node, this.base);
      case "math":
        return mathMarkdown(node);
      case "a":
        return this.link(node);
      case "strong":
      case "b":
        return this.strongDepth
          ? this.children(node)
          : this.emphasis(
              node,
              "**",
              () => this.strongDepth++,
              () => this.strongDepth--,
            );
      case "em":
      case "i":
        return this.emDepth
          ? this.children(node)
          : this.emphasis(
              node,
              "*",
              () => this.emDepth++,
              () => this.emDepth--,
            );
      case "del":
      case "s":
      case "strike":
        return this.delDepth
          ? this.children(node)
          : this.emphasis(
              node,
              "~~",
              () => this.delDepth++,
              () => this.delDepth--,
            );
      case "q":
        return `"${this.children(node)}"`;
      default:
        if (CODE_TAGS.has(tag)) return codeSpan(node.textContent);
        // A block inside inline content (a link's or a cell's paragraphs): its text, set apart by spaces.
        if (BLOCK_TAGS.has(tag)) return ` ${this.children(node)} `;
        return this.children(node);
    }
  }

  private emphasis(el: LightElement, marker: string, enter: () => void, leave: () => void): string {
    enter();
    const inner = this.children(el);
    leave();
    return emphasized(inner, marker);
  }

  private link(a: LightElement): string {
    if (this.linkDepth) return this.children(a);
    const rawHref = a.attr("href");
    const href = resolveLink(rawHref, this.base);
    // Blocks inside a link (paragraphs, a table) are flattened to their text.
    const inner = this.withLink(() => this.children(a));
    if (!href) return inner;
    // A heading's own permalink (`#`, `¶`, `🔗` pointing at the heading) is page furniture.
    if (rawHref?.trim().startsWith("#") && PERMALINK_TEXT.test(inner)) return "";
    return linked(inner, href, a.attr("title"));
  }

  private withLink<T>(render: () => T): T {
    this.linkDepth++;
    try {
      return render();
    } finally {
      this.linkDepth--;
    }
  }
}

/** A subtree past the renderer's bounds, as one paragraph of its words. */
function plainTextBlocks(el: LightElement): string[] {
  const text = finishParagraph(escapeText(collapseWhitespace(spacedText(el)), false));
  return text ? [text] : [];
}
