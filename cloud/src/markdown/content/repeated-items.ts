/**
 * Grids and lists of like items — a collection's products, a listing's stories, a search's results:
 * siblings built the same way (same tag, same class words), each with a text of its own and a link,
 * heading or image. Menus are lists of like items too, but each of theirs is a single short link;
 * an item here has more to say than its link (a price, a summary, a date).
 */
import { forEachDescendant, hasDescendant, type LightElement } from "../dom/light-dom.js";

export interface ItemGroup {
  items: LightElement[];
  /** Non-space characters over all items. */
  chars: number;
}

const MIN_ITEMS = 3;
const MAX_LINKS_PER_ITEM = 4;
/** Words that vary between items of one grid (state, position) and do not make them different. */
const VARYING_WORDS =
  /^(?:active|selected|current|first|last|odd|even|is|has|new|sale|hidden|visible|open|closed|loaded|lazy|\D*\d.*)$/;

/**
 * The groups of like siblings below `root`, largest first; a group inside another group's item is left
 * out. With `discountShared`, links that two items or more share do not count toward an item's links
 * (off on forums, where posts with many links of their own would become items and their furniture
 * content).
 */
export function findItemGroups(root: LightElement, discountShared = true): ItemGroup[] {
  const groups: ItemGroup[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "text") return false;
    const children = node.elementChildren;
    if (children.length < MIN_ITEMS) return true;
    const bySignature = new Map<string, LightElement[]>();
    for (const child of children) {
      const signature = itemSignature(child);
      const list = bySignature.get(signature);
      if (list) list.push(child);
      else bySignature.set(signature, [child]);
    }
    for (const items of bySignature.values()) {
      if (items.length < MIN_ITEMS) continue;
      const group = judgeGroup(items, discountShared);
      if (group) groups.push(group);
    }
    return true;
  });
  groups.sort((a, b) => b.chars - a.chars);
  const kept: ItemGroup[] = [];
  for (const group of groups) {
    if (kept.some((other) => other.items.some((item) => contains(item, group.items[0]!)))) continue;
    kept.push(group);
  }
  return kept;
}

/**
 * How a sibling is built: its tag and its class words, less the ones that vary between items of one
 * grid. Sibling `<article>` elements are alike whatever their classes: each is a self-contained post
 * by the element's meaning, and blogs class each one by its own categories and tags
 * (`category-recipes tag-salmon`) or mark one as featured, which split a list of posts into groups
 * too small to count. So are a list's `<li>` entries, one list's items by the element's meaning
 * whatever a script or template adds to each (a thread's posts, a product's listed parts); a menu's
 * entries still fail judgeGroup, each a lone link.
 */
export function itemSignature(el: LightElement): string {
  if (el.tag === "article" || el.tag === "li") return `${el.tag}|`;
  const words = (el.attrs.get("class") ?? "")
    .toLowerCase()
    .split(/[\s]+/)
    .filter((word) => word && !VARYING_WORDS.test(word))
    .sort();
  return `${el.tag}|${words.join(" ")}`;
}

/** The group, when its items read as items (text beyond a lone link) and not as a menu. */
function judgeGroup(items: LightElement[], discountShared: boolean): ItemGroup | null {
  let chars = 0;
  let rich = 0;
  let withText = 0;
  let links = 0;
  const hrefSets = items.map((item) => itemHrefs(item));
  const shared = new Map<string, number>();
  for (const set of hrefSets) for (const href of set) shared.set(href, (shared.get(href) ?? 0) + 1);
  for (const [index, item] of items.entries()) {
    const stats = item.stats;
    if (stats.nonSpace < 8) continue;
    withText++;
    chars += stats.nonSpace;
    // A link another item has too (a category, a place, a tag) is the grid's vocabulary, not a
    // way out of the item: a menu entry's submenu links are its own.
    const hrefs = hrefSets[index]!;
    links += discountShared ? [...hrefs].filter((href) => shared.get(href)! < 2).length : hrefs.size;
    const parts = textParts(item);
    // A link plus something else (a price, a summary), or a heading plus text, or an image plus text.
    if (parts >= 2) rich++;
  }
  // An item links to itself (image and title), maybe to its author or category; a menu entry with a
  // submenu links to many places.
  if (withText < MIN_ITEMS || rich < withText * 0.6 || links > withText * MAX_LINKS_PER_ITEM) return null;
  return { items, chars };
}

/** How many separate runs of text the item has (up to 3: enough to tell an item from a menu entry). */
function textParts(item: LightElement): number {
  let parts = 0;
  let hasImage = false;
  forEachDescendant(item, (node) => {
    if (parts >= 3) return false;
    if (node.type === "text") {
      if (node.stats.nonSpace > 0) parts++;
      return false;
    }
    if (node.tag === "img" || node.tag === "picture") hasImage = true;
    return true;
  });
  return parts + (hasImage ? 1 : 0);
}

/**
 * Where the item's links lead, counting only links that show something (text or a picture): a product
 * card's colour swatches are links with nothing inside but a background colour, one per colour, and
 * would make six colours of a shoe read as a menu's six ways out.
 */
function itemHrefs(item: LightElement): Set<string> {
  const hrefs = new Set<string>();
  if (item.tag === "a") hrefs.add(item.attrs.get("href") ?? "");
  forEachDescendant(item, (node) => {
    if (node.type === "text") return false;
    if (node.tag === "a" && (node.stats.nonSpace > 0 || hasDescendant(node, (el) => IMAGE_TAGS.has(el.tag))))
      hrefs.add(node.attrs.get("href") ?? "");
    return true;
  });
  return hrefs;
}

const IMAGE_TAGS = new Set(["img", "picture", "svg"]);

function contains(ancestor: LightElement, el: LightElement): boolean {
  for (let current: LightElement | null = el; current; current = current.parent)
    if (current === ancestor) return true;
  return false;
}
