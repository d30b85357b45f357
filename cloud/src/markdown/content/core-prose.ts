/**
 * How much each block counts when looking for the page's core, the element that holds its prose as
 * Readability would find an article. Prose counts whole, anything else not at all — except the excerpt
 * on a teaser card (a short item of a repeated group that links to another page by its title or its
 * picture: "related posts", "more from the blog", each with two lines of its story), which counts less
 * on a page that has more prose of its own. Counted whole, a carousel of excerpts under an article
 * pulls the core out to the wrapper of both, and the carousel is then read as part of the article
 * instead of as teasers beside it (measured on WCXB's development split: 0.8828 from 0.8819 F1,
 * articles 0.947 from 0.946; the Readability corpus 0.9184 from 0.9178). On a page that is mostly such
 * cards (a blog's index, a programme's list of plans) the cards are the content and count whole.
 */
import { descendantsByTag, firstText, hasDescendant, type LightElement } from "../dom/light-dom.js";
import { isProse, type Block, type BlockMap } from "./content-mass.js";
import type { PageType } from "./page-type.js";
import { isLink } from "./teasers.js";

/** The most text a teaser card has: a title, a date, an excerpt of a few lines. */
const CARD_CHARS = 1000;

/** How much a card's prose counts, as items beside the content count in the region's masses. */
const CARD_WEIGHT = 0.3;

/** How many times the cards' prose the page's own prose must be for the cards to count less. */
const OWN_PROSE_RATIO = 2;

/**
 * The pages where cards beside the prose are teasers. A collection's, a listing's or a documentation
 * index's cards are its entries; a forum's posts are its thread.
 */
const TEASER_PAGES: ReadonlySet<PageType> = new Set(["article", "product", "service"]);

/** The likelihood `massesOf` takes to find the core of the page cut into `map`. */
export function coreProseLikelihood(map: BlockMap, type: PageType): (block: Block) => number {
  const wholeProse = (block: Block) => (isProse(block) ? 1 : 0);
  if (!TEASER_PAGES.has(type)) return wholeProse;
  const cards = new Map<LightElement, boolean>();
  const isCard = (item: LightElement | null): boolean => {
    if (!item) return false;
    let card = cards.get(item);
    if (card === undefined) cards.set(item, (card = item.stats.nonSpace <= CARD_CHARS && hasTitleLink(item)));
    return card;
  };
  let cardProse = 0;
  let ownProse = 0;
  for (const block of map.blocks) {
    if (!isProse(block)) continue;
    if (isCard(block.item)) cardProse += block.chars;
    else ownProse += block.chars;
  }
  if (!cardProse || ownProse < cardProse * OWN_PROSE_RATIO) return wholeProse;
  return (block) => (isProse(block) ? (isCard(block.item) ? CARD_WEIGHT : 1) : 0);
}

const HEADINGS: ReadonlySet<string> = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const PICTURES: ReadonlySet<string> = new Set(["img", "picture"]);

/**
 * Whether `item` links to another page by its title or its picture (a link around an image, in or
 * around a heading, or the link its text opens with), as a card does. A link inside a sentence is not
 * one: an article cut into like sections (a wrapper per few paragraphs) links from its prose; nor is a
 * call to action ("Start now"): a landing page's feature bands end with one.
 */
function hasTitleLink(item: LightElement): boolean {
  if (opensWithLink(item)) return true;
  const links = item.tag === "a" ? [item] : descendantsByTag(item, "a");
  return links.some((link) => {
    if (!isLink(link)) return false;
    if (hasDescendant(link, (el) => PICTURES.has(el.tag) || HEADINGS.has(el.tag))) return true;
    for (let el = link.parent; el && el !== item.parent; el = el.parent)
      if (HEADINGS.has(el.tag)) return true;
    return false;
  });
}

/** Whether the first text of `item` is a link's: a card that opens with its linked title. */
function opensWithLink(item: LightElement): boolean {
  const first = firstText(item);
  for (let el = first?.parent ?? null; el && el !== item.parent; el = el.parent) if (isLink(el)) return true;
  return false;
}
