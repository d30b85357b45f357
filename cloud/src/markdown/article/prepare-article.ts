/**
 * Readability's `_prepArticle`: cleans the gathered article of forms, embeds, share widgets and
 * "fishy" blocks (link lists, image galleries without text, ads), keeping data tables whole.
 */
import {
  countByTag,
  descendantsByTag,
  forEachDescendant,
  hasDescendant,
  innerText,
  innerTextLength,
  LightElement,
  nextSibling,
  removeNode,
  replaceNode,
  setTag,
} from "../dom/light-dom.js";
import {
  classWeight,
  hasAncestorTag,
  hasSingleTagInside,
  isPhrasingContent,
  linkDensity,
  nextMeaningfulNode,
  textDensity,
} from "./node-measures.js";
import {
  CHAR_THRESHOLD,
  DIV_TO_P_ELEMS,
  FLAG_CLEAN_CONDITIONALLY,
  HEADINGS,
  RE,
} from "./readability-rules.js";

export function prepareArticle(article: LightElement, flags: number): void {
  markDataTables(article);
  fixLazyImages(article);
  cleanConditionally(article, "form", flags);
  cleanConditionally(article, "fieldset", flags);
  clean(article, ["object", "embed", "footer", "link", "aside"]);

  // Share widgets inside the article (not the article's own top-level blocks).
  for (const block of article.elementChildren) {
    for (const node of allElements(block)) {
      if (!node.parent) continue;
      if (RE.shareElements.test(`${node.className} ${node.id}`) && node.textContent.length < CHAR_THRESHOLD)
        removeNode(node);
    }
  }

  clean(article, ["iframe", "input", "textarea", "select", "button", "nav"]);
  // Loupe's addition: consent banners and navigation never belong in the article, whichever pass found it.
  for (const el of allElements(article).reverse()) {
    if (RE.consentBanner.test(`${el.className} ${el.id}`) || UNLIKELY_NAV_ROLES.has(el.attr("role") ?? ""))
      removeNode(el);
  }
  for (const heading of descendantsByTag(article, new Set(["h1", "h2"])).reverse()) {
    if (classWeight(heading, flags) < 0) removeNode(heading);
  }
  cleanConditionally(article, "table", flags);
  cleanConditionally(article, "ul", flags);
  cleanConditionally(article, "div", flags);

  for (const h1 of descendantsByTag(article, "h1")) setTag(h1, "h2");

  for (const p of descendantsByTag(article, "p").reverse()) {
    const media = hasDescendant(
      p,
      (el) => el.tag === "img" || el.tag === "embed" || el.tag === "object" || el.tag === "iframe",
    );
    if (!media && innerTextLength(p) === 0) removeNode(p);
  }
  for (const br of descendantsByTag(article, "br")) {
    const next = nextMeaningfulNode(nextSibling(br));
    if (next && next.type === "element" && next.tag === "p") removeNode(br);
  }
  unwrapSingleCellTables(article);
}

function allElements(root: LightElement): LightElement[] {
  const list: LightElement[] = [];
  forEachDescendant(root, (node) => {
    if (node.type === "element") list.push(node);
    return node.type === "element";
  });
  return list;
}

/** Removes every descendant with one of the tags (one walk for all). */
function clean(root: LightElement, tags: readonly string[]): void {
  for (const el of descendantsByTag(root, new Set(tags)).reverse()) removeNode(el);
}

const UNLIKELY_NAV_ROLES = new Set(["navigation", "menu", "menubar"]);
const LIST_TAGS = new Set(["ul", "ol"]);
const EMBED_TAGS = new Set(["object", "embed", "iframe"]);
const TEXTISH_TAGS = new Set(["span", "li", "td", ...DIV_TO_P_ELEMS]);

function cleanConditionally(root: LightElement, tag: string, flags: number): void {
  if (!(flags & FLAG_CLEAN_CONDITIONALLY)) return;
  const nodes = descendantsByTag(root, tag);
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    if (node.parent && shouldRemove(node, tag, flags)) removeNode(node);
  }
}

function shouldRemove(node: LightElement, tag: string, flags: number): boolean {
  const length = innerTextLength(node);
  let isList = tag === "ul" || tag === "ol";
  if (!isList) {
    let listLength = 0;
    for (const list of descendantsByTag(node, LIST_TAGS)) listLength += innerTextLength(list);
    isList = listLength / length > 0.9;
  }
  const isDataTable = (el: LightElement) => el.dataTable;
  if (tag === "table" && node.dataTable) return false;
  if (hasAncestorTag(node, "table", -1, isDataTable)) return false;
  if (hasAncestorTag(node, "code")) return false;
  if (hasDescendant(node, (el) => el.tag === "table" && el.dataTable)) return false;

  const weight = classWeight(node, flags);
  if (weight < 0) return true;
  if (node.stats.commas >= 10) return false;

  let p = 0;
  let img = 0;
  let li = -100;
  let input = 0;
  let embedCount = 0;
  let keepForVideo = false;
  forEachDescendant(node, (child) => {
    if (child.type === "text") return false;
    if (child.tag === "p") p++;
    else if (child.tag === "img") img++;
    else if (child.tag === "li") li++;
    else if (child.tag === "input") input++;
    else if (EMBED_TAGS.has(child.tag)) {
      for (const value of child.attrs.values()) if (RE.videos.test(value)) keepForVideo = true;
      embedCount++;
    }
    return true;
  });
  if (keepForVideo) return false;
  const headingDensity = textDensity(node, HEADINGS);

  // Only short text can be nothing but an ad or loading label.
  if (length < 40) {
    const text = innerText(node);
    if (RE.adWords.test(text) || RE.loadingWords.test(text)) return true;
  }
  const density = linkDensity(node);
  const textishDensity = textDensity(node, TEXTISH_TAGS);
  const isFigureChild = hasAncestorTag(node, "figure");

  const remove =
    (!isFigureChild && img > 1 && p / img < 0.5) ||
    (!isList && li > p) ||
    input > Math.floor(p / 3) ||
    (!isList &&
      !isFigureChild &&
      headingDensity < 0.9 &&
      length < 25 &&
      (img === 0 || img > 2) &&
      density > 0) ||
    (!isList && weight < 25 && density > 0.2) ||
    (weight >= 25 && density > 0.5) ||
    (embedCount === 1 && length < 75) ||
    embedCount > 1 ||
    (img === 0 && textishDensity === 0);

  // A plain list of images may stay.
  if (isList && remove) {
    for (const child of node.elementChildren) if (child.elementChildren.length > 1) return remove;
    if (img === countByTag(node, "li")) return false;
  }
  return remove;
}

/** Data tables (as opposed to layout tables), judged like Firefox's accessibility code does. */
function markDataTables(root: LightElement): void {
  for (const table of descendantsByTag(root, "table")) {
    table.dataTable = isDataTable(table);
  }
}

function isDataTable(table: LightElement): boolean {
  if (table.attr("role") === "presentation") return false;
  if (table.attr("datatable") === "0") return false;
  if (table.attr("summary")) return true;
  const caption = descendantsByTag(table, "caption")[0];
  if (caption && caption.children.length) return true;
  const dataDescendants = new Set(["col", "colgroup", "tfoot", "thead", "th"]);
  if (hasDescendant(table, (el) => dataDescendants.has(el.tag))) return true;
  if (hasDescendant(table, (el) => el.tag === "table")) return false;
  let rows = 0;
  let columns = 0;
  for (const tr of descendantsByTag(table, "tr")) {
    rows += parseInt(tr.attr("rowspan") ?? "", 10) || 1;
    let inRow = 0;
    for (const td of descendantsByTag(tr, "td")) inRow += parseInt(td.attr("colspan") ?? "", 10) || 1;
    columns = Math.max(columns, inRow);
  }
  if (columns === 1 || rows === 1) return false;
  if (rows >= 10 || columns > 4) return true;
  return rows * columns > 10;
}

const IMAGE_VALUE = /\.(jpg|jpeg|png|webp)/i;

/** Copies lazy-loading attributes (`data-src` and friends) into `src`/`srcset`. */
function fixLazyImages(root: LightElement): void {
  for (const el of descendantsByTag(root, new Set(["img", "picture", "figure"]))) {
    const src = el.attr("src");
    if (src && RE.b64DataUrl.test(src)) {
      const parts = RE.b64DataUrl.exec(src)!;
      if (parts[1] === "image/svg+xml") continue;
      let couldRemove = false;
      for (const [name, value] of el.attrs) {
        if (name !== "src" && IMAGE_VALUE.test(value)) {
          couldRemove = true;
          break;
        }
      }
      // A tiny base64 image next to a real one is a placeholder.
      if (couldRemove && src.length - parts[0].length < 133) el.attrs.delete("src");
    }
    const srcset = el.attr("srcset");
    if ((el.attr("src") || (srcset && srcset !== "null")) && !el.className.toLowerCase().includes("lazy"))
      continue;
    for (const [name, value] of [...el.attrs]) {
      if (name === "src" || name === "srcset" || name === "alt") continue;
      let copyTo: string | null = null;
      if (/\.(jpg|jpeg|png|webp)\s+\d/.test(value)) copyTo = "srcset";
      else if (isImageAddress(value.trim())) copyTo = "src";
      if (!copyTo) continue;
      if (el.tag === "img" || el.tag === "picture") el.attrs.set(copyTo, value);
      else if (el.tag === "figure" && !hasDescendant(el, (d) => d.tag === "img" || d.tag === "picture")) {
        const img = new LightElement("img", new Map([[copyTo, value]]));
        img.parent = el;
        el.children.push(img);
      }
    }
  }
}

/** A table of one cell is that cell's content. */
function unwrapSingleCellTables(root: LightElement): void {
  for (const table of descendantsByTag(root, "table")) {
    const tbody = hasSingleTagInside(table, "tbody") ? table.elementChildren[0]! : table;
    if (!hasSingleTagInside(tbody, "tr")) continue;
    const row = tbody.elementChildren[0]!;
    if (!hasSingleTagInside(row, "td")) continue;
    const cell = row.elementChildren[0]!;
    setTag(cell, cell.children.every(isPhrasingContent) ? "p" : "div");
    replaceNode(table, cell);
  }
}

/** One address (no spaces) naming an image file. Two tests: one pattern for both backtracks on a long value. */
function isImageAddress(value: string): boolean {
  return !/\s/.test(value) && /\S\.(?:jpg|jpeg|png|webp)/.test(value);
}
