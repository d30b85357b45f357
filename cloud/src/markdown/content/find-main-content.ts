/**
 * Finds a page's main content whatever the page is: article, forum thread, product, collection,
 * listing, documentation or service page. See content-region.ts for the method.
 */
import { descendantsByTag, removeNodes, setTag, type LightElement } from "../dom/light-dom.js";
import type { LightDocument } from "../dom/parse-document.js";
import { articleMetadata } from "../article/article-metadata.js";
import { isProbablyVisible } from "../article/node-measures.js";
import { prepareDocument } from "../article/prepare-document.js";
import { forEachDescendant } from "../dom/light-dom.js";
import { shownDespiteAriaHidden } from "./aria-hidden.js";
import { isClosedDialog } from "./closed-dialogs.js";
import { removeBoilerplate } from "./boilerplate.js";
import { removeCookieNotices } from "./cookie-notices.js";
import { removeUnreadText } from "./unread-text.js";
import { removeCopyrightNotices } from "./copyright-notices.js";
import { removeAffiliateDisclosures } from "./affiliate-disclosures.js";
import { removeFeedbackPrompts } from "./feedback-prompts.js";
import { removeReadingTimes } from "./reading-times.js";
import { removePriceButtons } from "./price-buttons.js";
import { removePhotoCredits } from "./photo-credits.js";
import { removeAuthorBios } from "./author-bios.js";
import { collapsedPanelTest, keepQuestionButtons, readPanels } from "./collapsed-panels.js";
import {
  blockLikelihood,
  collectBlocks,
  INLINE_TAGS,
  holdsProse,
  isProse,
  massesOf,
  type Block,
} from "./content-mass.js";
import { bestAncestor, bestElement, pruneRegion, regionScore } from "./content-region.js";
import { structuredAnchor } from "./structured-anchor.js";
import { coreProseLikelihood } from "./core-prose.js";
import { leadsElsewhere } from "./teasers.js";
import { purchaseOptionItems } from "./purchase-options.js";
import { revealNoscriptContent } from "./noscript.js";
import { placeStreamedSegments } from "./streamed-segments.js";
import { removeRepeatedText } from "./repeated-text.js";
import { removeInlineTwins } from "./inline-twins.js";
import { removeRedundantLinks } from "./redundant-links.js";
import { removeCardLabels } from "./card-labels.js";
import { removeGridControls } from "./grid-controls.js";
import { removePlaceholderLines } from "./placeholder-lines.js";
import { removeShopPrompts } from "./shop-prompts.js";
import { removeRepeatsWithinItems } from "./item-repeats.js";
import { removeRelatedSections } from "./related-sections.js";
import { removeRemarksOnPosts } from "./remarks-on-posts.js";
import { removeRelatedPosts } from "./related-posts.js";
import { findItemGroups, type ItemGroup } from "./repeated-items.js";
import { declaresArticle, detectPageType, type PageType } from "./page-type.js";
import { readStructuredData, type Thing } from "./structured-data.js";

export interface MainContent {
  root: LightElement;
  title: string;
  baseHref: string | null;
  type: PageType;
  things: Thing[];
}

/** Finds the main content of `doc`, a page's tree that this changes: furniture is removed from it. */
export function findMainContent(doc: LightDocument, url: string): MainContent {
  const things = readStructuredData(doc.html);
  const type = detectPageType({ url, things, html: doc.html });
  const { title } = articleMetadata(doc.html);
  revealNoscriptContent(doc.body);
  placeStreamedSegments(doc.body);
  removeUnreadText(doc.body);
  prepareDocument(doc.html, doc.body);
  // Where the page's declared subject is (the product's stated description, the article's body),
  // found before anything is removed: a drawer or a hidden panel that holds it is not furniture.
  const anchor = structuredAnchor(things, doc.body);
  const panels = readPanels(doc.body);
  const isPanel = collapsedPanelTest(doc.body, panels);
  keepQuestionButtons(doc.body, panels);
  const holdsAnchor = (el: LightElement) => anchor !== undefined && contains(el, anchor);
  removeHidden(doc.body, (el) => isPanel(el) || holdsAnchor(el));
  removeBoilerplate(doc.body, type, isPanel, holdsAnchor);
  removeCookieNotices(doc.body);
  removeAuthorBios(doc.body);
  removeRelatedSections(doc.body, type, type === "article" && declaresArticle({ things, html: doc.html }));
  removeRemarksOnPosts(things);
  removeRelatedPosts(doc.body);
  const groups = findItemGroups(doc.body, type !== "forum");
  const items = new Set(groups.flatMap((group) => group.items));
  const map = collectBlocks(doc.body, items);
  // The core: where the page's prose is, as Readability would find an article.
  const proseMasses = massesOf(map, coreProseLikelihood(map, type));
  const core = (proseMasses.get(doc.body)?.good ?? 0) > 0 ? bestElement(doc.body, proseMasses) : doc.body;
  let proseOutsideItems = 0;
  for (const block of map.blocks) if (!block.item && isProse(block)) proseOutsideItems += block.chars;
  const coreItems = type === "forum" ? new Set<LightElement>() : coreSections(groups, core);
  const grids = groups.filter((group) => !group.items.some((item) => coreItems.has(item)));
  const contentItems = new Set(contentGroups(grids, type, proseOutsideItems).flatMap((g) => g.items));
  // An item outside the core is a teaser when it leads elsewhere, or is one of a product's purchase
  // options (priced variants, plans, other sellers). Not on a forum, where the posts around the
  // thread's core keep the old rule (measured: forum pages lost 0.002 F1 with it).
  const options = purchaseOptionItems(groups);
  const teasers = new Map<LightElement, boolean>();
  const isTeaser = (item: LightElement) =>
    !contains(core, item) &&
    !coreItems.has(item) &&
    (type === "forum" || leadsElsewhere(item) || options.has(item));
  const titleFloor = TITLE_LINK_FLOOR[type];
  const masses = massesOf(map, (block) => {
    let p = blockLikelihood(block);
    if (titleFloor && isTitleLink(block)) p = Math.max(p, titleFloor);
    if (!block.item) return p;
    if (contentItems.has(block.item)) return Math.max(p, ITEM_LIKELIHOOD);
    let teaser = teasers.get(block.item);
    if (teaser === undefined) teasers.set(block.item, (teaser = isTeaser(block.item)));
    return teaser ? p * TEASER_FACTOR : p;
  });
  const total = masses.get(doc.body)?.good ?? 0;
  let region = bestAncestor(core, doc.body, masses);
  // Checked against what the page declares as its subject: widened to hold it, unless that costs
  // more than a small part of the expected F1 (the declared text sits in a template far from the page's).
  if (anchor && !contains(region, anchor)) {
    const widened = commonAncestor(region, anchor);
    const before = regionScore(masses.get(region) ?? NO_MASS, total);
    if (widened && regionScore(masses.get(widened) ?? NO_MASS, total) >= before * ANCHOR_COST)
      region = widened;
  }
  const share = PRUNE_SHARE[type];
  if (share > 0) pruneRegion(region, masses, total, share);
  // Credit lines go after the region is chosen: a line is too small to move it, and on some pages a
  // copyright line's going would tip the choice toward the footer's wrapper (measured: one article
  // page lost 0.05 F1 that way).
  removeCopyrightNotices(region);
  removeAffiliateDisclosures(region);
  removeInlineTwins(region);
  removeFeedbackPrompts(region);
  if (type === "article") removeReadingTimes(region);
  if (type === "article") removePriceButtons(region);
  removePhotoCredits(region);
  // Cards of one grid share lines by design (each coupon's terms); on a forum a line repeated in another
  // post is a quotation or a signature (measured: forums lost 0.003 F1 with them kept).
  removeRepeatedText(
    region,
    type === "forum"
      ? undefined
      : new Map(groups.flatMap((group, i) => group.items.map((item) => [item, i] as const))),
  );
  removeRepeatsWithinItems([...items].filter((item) => contains(region, item)));
  // On a forum a name repeated under one link is each post's author, which the thread shows.
  if (type !== "forum") removeRedundantLinks(region);
  removeCardLabels(region, type === "forum");
  removeGridControls(region);
  removePlaceholderLines(region);
  if (type === "product") removeShopPrompts(region);
  // The markdown has one level-one heading, the page's name: the content's first `<h1>` may be it (see
  // render/headline.ts); the others are sections.
  for (const h1 of descendantsByTag(region, "h1").slice(1)) setTag(h1, "h2");
  return { root: region, title, baseHref: doc.baseHref, type, things };
}

/**
 * Removes hidden elements, except one holding most of the page, or most of what the page shows with
 * it, prose included: pages that reveal their content with JavaScript (streamed server rendering,
 * anti-flicker wrappers, deferred blocks) hide it until then.
 */
function removeHidden(root: LightElement, isPanel: (el: LightElement) => boolean): void {
  const hidden: LightElement[] = [];
  const total = root.stats.nonSpace;
  const isShownDespiteAriaHidden = shownDespiteAriaHidden();
  forEachDescendant(root, (node) => {
    if (node.type === "text") return false;
    if (node.stats.nonSpace > total * 0.4) return true;
    if (isShownDespiteAriaHidden(node)) return true;
    if (!isProbablyVisible(node) || isClosedDialog(node)) {
      // A collapsed panel is hidden until the reader opens it.
      if (isPanel(node)) return true;
      hidden.push(node);
      return false;
    }
    return true;
  });
  // A page that keeps its content hidden until a script reveals it often hides its menus too: the
  // content is then under that share of the whole page but holds most of what a reader would see. It
  // is a block of several parts (a heading, paragraphs); a paragraph hidden on its own stays hidden.
  let visible = total;
  for (const el of hidden) visible -= el.stats.nonSpace;
  removeNodes(
    hidden.filter((el) => {
      const chars = el.stats.nonSpace;
      return chars <= (visible + chars) * REVEALED_SHARE || !holdsProse(el) || partsWithText(el) < 2;
    }),
  );
}

/**
 * How many parts with text an element holds side by side (block children — what content-mass.ts does
 * not read as inline — seen through wrappers that hold a single one): none for a paragraph, three for a
 * heading and two paragraphs.
 */
function partsWithText(el: LightElement): number {
  for (let node = el; ;) {
    const parts = node.elementChildren.filter(
      (child) => !INLINE_TAGS.has(child.tag) && child.stats.nonSpace > 0,
    );
    if (parts.length !== 1) return parts.length;
    node = parts[0]!;
  }
}

/** The share of what a reader would see that a hidden element must hold to be the page's content. */
const REVEALED_SHARE = 0.4;

/**
 * The least likelihood of a block that is one link titled in words (a story's, a recipe's, a product's
 * name), which by its link share alone reads as navigation. On a collection, listing or documentation
 * page lists of such titles are what the page is; elsewhere they may be the content (a homepage's
 * stories, an index) or beside it, so they count as neither; on a forum they are signatures and
 * navigation around the posts.
 */
const TITLE_LINK_FLOOR: Record<PageType, number> = {
  collection: 0.5,
  listing: 0.5,
  documentation: 0.5,
  article: 0.35,
  product: 0.35,
  service: 0.35,
  forum: 0,
};
const TITLE_LINK_WORDS = 3;
const TITLE_LINK_SHARE = 0.8;

function isTitleLink(block: Block): boolean {
  return block.words >= TITLE_LINK_WORDS && block.linkChars >= block.chars * TITLE_LINK_SHARE;
}

/** Items of a grid that is the page's content (a collection's products) read as content whatever their links. */
const ITEM_LIKELIHOOD = 0.9;
/**
 * Items of a grid beside the content that link elsewhere (related stories, latest posts) are teasers; a
 * grid that links nowhere is the page's own sections (see teasers.ts).
 */
const TEASER_FACTOR = 0.3;

/**
 * The items that hold the core and most of their group's text: such a group is the page's own sections
 * laid out alike (the article, then a "you might also like" box, then a sign-up, all in one wrapper
 * class), not a grid of items. The core's item is the content; the group is never the content as a
 * whole, so its other items are read as any item beside the core (teasers when they link elsewhere).
 * Not on forums, where the posts are such a group and keep their own rule.
 */
function coreSections(groups: readonly ItemGroup[], core: LightElement): Set<LightElement> {
  const items = new Set<LightElement>();
  for (const group of groups)
    for (const item of group.items)
      if (contains(item, core) && item.stats.nonSpace >= group.chars * CORE_SECTION_SHARE) items.add(item);
  return items;
}

/** The share of its group's text the item holding the core has when the group is the page's sections. */
const CORE_SECTION_SHARE = 0.8;

/** A group this share of the largest group's text is another part of the same grid (rows, pages of results). */
const SIBLING_GROUP_SHARE = 0.5;

/**
 * The groups whose items are the page's content: the largest group when the page is a collection or
 * listing, or when it outweighs the page's prose; with it the groups nearly as large (the same grid
 * split in rows). Smaller grids beside it (related stories, "more from") stay teasers.
 */
function contentGroups(groups: readonly ItemGroup[], type: PageType, prose: number): ItemGroup[] {
  const best = groups[0];
  if (!best) return [];
  const content = type === "collection" || type === "listing" || best.chars >= prose;
  return content ? groups.filter((group) => group.chars >= best.chars * SIBLING_GROUP_SHARE) : [];
}

/**
 * Inside the region a subtree goes when its precision is under this share of the region's score (half
 * would be exact if the likelihoods were): lower, because they undervalue the short parts of most
 * pages' content (a listing's entries, a service page's labelled sections, a table's cells). A forum's
 * signatures and a product's option pickers are short too but furniture: there half stays. On a
 * collection or documentation page nothing inside the region goes: its short parts (an item's facts,
 * a reference's one-line entries and headings) are what the page is, and the region already leaves the
 * page's furniture out.
 */
const LENIENT_PRUNE_SHARE = 0.4;
const PRUNE_SHARE: Record<PageType, number> = {
  article: LENIENT_PRUNE_SHARE,
  service: LENIENT_PRUNE_SHARE,
  listing: LENIENT_PRUNE_SHARE,
  collection: 0,
  documentation: 0,
  forum: 0.5,
  product: 0.5,
};

/** The share of the expected F1 a region may give up to hold the page's declared subject. */
const ANCHOR_COST = 0.8;
const NO_MASS = { good: 0, bad: 0 };

function commonAncestor(a: LightElement, b: LightElement): LightElement | undefined {
  for (let current: LightElement | null = a; current; current = current.parent)
    if (contains(current, b)) return current;
  return undefined;
}

function contains(ancestor: LightElement, el: LightElement): boolean {
  for (let current: LightElement | null = el; current; current = current.parent)
    if (current === ancestor) return true;
  return false;
}
