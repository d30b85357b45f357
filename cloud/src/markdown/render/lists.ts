/**
 * Lists as markdown: bullets or numbers (from the list's `start` or its first item's `value`), each
 * item's blocks indented under its marker, a nested list tight under its item, and the other marker
 * (`*`, `1)`) for a list right after another, which would otherwise merge into it.
 */
import { LightElement, type LightNode } from "../dom/light-dom.js";
import { SKIP_TAGS } from "./block-tags.js";
import { dropStrayRules } from "./stray-rules.js";

/** What a list needs of the renderer (markdown-renderer.ts). */
export interface ListRendering {
  /** An element's content as markdown blocks. */
  blocks(el: LightElement): string[];
  /** `render`'s result inside a prefix `width` wider, or the list's plain text past the renderer's bound. */
  nested(el: LightElement, width: number, render: () => string): string;
}

/** A block that opens with a list marker: it joins the item before it without a blank line. */
export const LIST_START = /^(?:[-*+]|\d{1,9}[.)])(?: |$)/;

/** The most digits a list number may have for CommonMark to read it as one. */
const MAX_LIST_NUMBER = 999_999_999;

/** A `<ul>` or `<ol>` as markdown; `alternate` for a list right after another (see listItems). */
export function renderList(el: LightElement, alternate: boolean, render: ListRendering): string {
  const items = el.elementChildren.filter((child) => child.tag === "li");
  const count = Math.max(1, items.length);
  // A countdown (`reversed`) has numbers markdown cannot write as a list's, which only count up: its
  // items are bullets that say their numbers.
  if (el.tag === "ol" && el.attr("reversed") !== null) {
    const first = listNumber(items[0]?.attr("value")) ?? listNumber(el.attr("start")) ?? count;
    return render.nested(el, 2, () => listItems(el, null, alternate, render, first));
  }
  // The widest number decides the indentation; one CommonMark cannot read as a list's (ten digits or
  // more) would turn the list into text, so such a list is written with bullets. A first item's own
  // number (`<li value>`) is where the list starts.
  const start =
    el.tag === "ol"
      ? Math.max(0, listNumber(items[0]?.attr("value")) ?? listNumber(el.attr("start")) ?? 1)
      : 0;
  const last = start + count - 1;
  const ordered = el.tag === "ol" && last <= MAX_LIST_NUMBER;
  const markerWidth = ordered ? String(last).length + 1 : 1;
  return render.nested(el, markerWidth + 1, () => listItems(el, ordered ? start : null, alternate, render));
}

/**
 * The list's items, numbered from `start`, or with bullets when it is null; `alternate` for a list
 * right after another, which needs the other marker (`*`, `1)`) to start a list of its own. With
 * `countdown`, bullets whose text opens with the numbers, down from it.
 */
function listItems(
  el: LightElement,
  start: number | null,
  alternate: boolean,
  render: ListRendering,
  countdown?: number,
): string {
  const items = itemBlocks(el, render);
  let number = start ?? 0;
  let down = countdown ?? 0;
  const lines: string[] = [];
  for (const item of items) {
    // A rule opening or closing an item (a menu's divider, a card's top border) divides nothing.
    const blocks = item.filter(Boolean);
    dropStrayRules(blocks);
    if (!blocks.length) continue;
    if (countdown !== undefined) blocks[0] = `${down--}\\. ${blocks[0]}`;
    const marker = start !== null ? `${number++}${alternate ? ")" : "."}` : alternate ? "*" : "-";
    const body = blocks.reduce((text, block) => text + (LIST_START.test(block) ? "\n" : "\n\n") + block);
    lines.push(`${marker} ${indent(body, " ".repeat(marker.length + 1))}`);
  }
  return lines.join("\n");
}

/** Each item's blocks; content directly in the list (a nested list, stray text) joins the item before it. */
function itemBlocks(el: LightElement, render: ListRendering): string[][] {
  const items: string[][] = [];
  for (const child of el.children) {
    if (child.type === "element" && child.tag === "li") {
      items.push(render.blocks(child));
      continue;
    }
    if (child.type === "text" ? !child.data.trim() : SKIP_TAGS.has(child.tag)) continue;
    const blocks =
      child.type === "element" && (child.tag === "ul" || child.tag === "ol")
        ? [renderList(child, false, render)]
        : looseBlocks([child], render);
    if (items.length) items[items.length - 1]!.push(...blocks);
    else items.push(blocks);
  }
  return items;
}

/** Blocks of a node list that has no element of its own (loose content in a list). */
function looseBlocks(nodes: LightNode[], render: ListRendering): string[] {
  const holder = new LightElement("div");
  holder.children = nodes;
  return render.blocks(holder);
}

/** A list's `start` or an item's `value`: an integer, or undefined. */
function listNumber(value: string | null | undefined): number | undefined {
  const number = parseInt(value ?? "", 10);
  return Number.isFinite(number) ? number : undefined;
}

function indent(text: string, prefix: string): string {
  return text.replace(/\n(?=[^\n])/g, `\n${prefix}`);
}
