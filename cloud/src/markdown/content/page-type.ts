/**
 * What kind of page this is, from what it states (schema.org types, `og:type`), its address and a few
 * cheap signals of its markup. The kind decides what counts as content: a forum's replies are the
 * page (an article's comments are not), a collection's grid of items is the page (an article's grid of
 * related stories is not), a product's short facts (price, specifications) matter.
 */
import { forEachDescendant, type LightElement } from "../dom/light-dom.js";
import { isLinkDiscussion } from "./link-discussion.js";
import { isPaginatedList } from "./list-pagination.js";
import type { Thing } from "./structured-data.js";

export type PageType =
  "article" | "forum" | "product" | "collection" | "listing" | "documentation" | "service";

export interface PageTypeSignals {
  url: string;
  things: readonly Thing[];
  /** The page's `<html>` (head and body). */
  html: LightElement;
}

/** Three or more marked-up `Comment`s are a discussion's replies, not a stray review. */
const MIN_MARKED_COMMENTS = 3;
const FORUM_TYPES = new Set(["DiscussionForumPosting", "QAPage", "SocialMediaPosting"]);
const PRODUCT_TYPES = new Set([
  "Product",
  "ProductGroup",
  "IndividualProduct",
  "ProductModel",
  "SoftwareApplication",
  "VideoGame",
  "Book",
  "Vehicle",
  "Car",
]);
const COLLECTION_TYPES = new Set(["CollectionPage", "OfferCatalog", "SearchResultsPage"]);
const ARTICLE_TYPES = new Set([
  "Article",
  "NewsArticle",
  "BlogPosting",
  "Report",
  "ScholarlyArticle",
  "OpinionNewsArticle",
  "AnalysisNewsArticle",
  "ReviewNewsArticle",
  "LiveBlogPosting",
  "Recipe",
  "HowTo",
]);
const DOC_TYPES = new Set(["TechArticle", "APIReference"]);

// Paths and host names that say what a page is on any site (words of the web's vocabulary, no site's own).
const FORUM_URL =
  /\/(?:t|threads?|topic|forums?|discussions?|community|questions|viewtopic|showthread)(?:\/|\.php|$)|^(?:forums?|community|discuss|discussions?|answers|bbs)\./i;
const DOC_URL =
  /\/(?:docs?|documentation|reference|api|manual|handbook|guides?|tutorials?|wiki|man|learn|kb|knowledge-?base|help-?center|developer)(?:\/|$)|^(?:docs?|developers?|devdocs|wiki|learn|help|support|kb)\./i;
const PRODUCT_URL = /\/(?:products?|dp|item|itm|p|sku|gp\/product|app|buy)\/[^/]+/i;
/**
 * A shop's product permalink (`/product/…` in WooCommerce, `/products/…` in Shopify): it outweighs an
 * article the page states (`og:type`, JSON-LD), which some sites' SEO plugins state on every page
 * (measured on WCXB's dev split: two product pages gain, no page loses). The shorter words (`/p/`,
 * `/item/`) do not: a newsletter's posts live at `/p/`.
 */
const PRODUCT_PERMALINK = /\/products?\/[^/]+/i;
const COLLECTION_URL =
  /\/(?:collections?|(?:[a-z]+-)?categor(?:y|ies)|c|shop|store|browse|department|catalog|products)(?:\/|$)|\/[a-z0-9-]+-(?:shoes|clothing|accessories|furniture)(?:\/|$)/i;

/**
 * Decides the page type; the first strong signal wins, the address and markup break ties. A page read
 * as an article whose own text is only a shared link, under a long discussion, is a thread; one that
 * continues on a numbered next page is a list's page (see list-pagination.ts), read as a collection:
 * its entries are what the page is, and nothing inside the region goes (measured: as a listing, whose
 * short parts may be pruned, a ranking table lost 0.05 F1).
 */
export function detectPageType(signals: PageTypeSignals): PageType {
  const type = statedType(signals);
  if (type !== "article") return type;
  if (isPaginatedList(signals.html, signals.url)) return "collection";
  const body = signals.html.elementChildren.find((child) => child.tag === "body") ?? signals.html;
  return isLinkDiscussion(body, commentCount(signals.things) >= MIN_MARKED_COMMENTS) ? "forum" : type;
}

/** Whether the page says it is an article: a schema.org article type (Article, BlogPosting…) or `og:type` article. */
export function declaresArticle(signals: Pick<PageTypeSignals, "things" | "html">): boolean {
  return (
    signals.things.some((thing) => thing.types.some((type) => ARTICLE_TYPES.has(type))) ||
    metaContent(signals.html, "og:type").toLowerCase() === "article"
  );
}

function statedType(signals: PageTypeSignals): PageType {
  const { things } = signals;
  let host = "";
  let path = "";
  try {
    const url = new URL(signals.url);
    host = url.hostname.replace(/^www\./, "");
    path = url.pathname;
  } catch {
    // A page without an address is judged on its markup alone.
  }
  const has = (set: ReadonlySet<string>) => things.some((thing) => thing.types.some((type) => set.has(type)));
  const count = (set: ReadonlySet<string>) =>
    things.filter((thing) => thing.types.some((type) => set.has(type))).length;
  const ogType = metaContent(signals.html, "og:type").toLowerCase();

  if (has(FORUM_TYPES) || (commentCount(things) >= MIN_MARKED_COMMENTS && !has(ARTICLE_TYPES)))
    return "forum";
  if (ogType === "product.group" || has(COLLECTION_TYPES)) return "collection";
  const products = count(PRODUCT_TYPES);
  if (products >= 3) return "collection";
  if (products >= 1 || ogType.startsWith("product")) return "product";
  if (has(DOC_TYPES)) return "documentation";
  if (FORUM_URL.test(path) || FORUM_URL.test(host)) return "forum";
  if (DOC_URL.test(path) || DOC_URL.test(host)) return "documentation";
  if (PRODUCT_PERMALINK.test(path)) return "product";
  // declaresArticle, with og:type already read.
  if (has(ARTICLE_TYPES) || ogType === "article") return "article";
  if (PRODUCT_URL.test(path)) return "product";
  if (COLLECTION_URL.test(path)) return "collection";
  return "article";
}

/** The schema.org `Comment`s the page marks up: three or more are a discussion's replies. */
function commentCount(things: readonly Thing[]): number {
  return things.filter((thing) => thing.types.includes("Comment")).length;
}

/** The content of the first `<meta>` with the property (or name); the walk ends there. */
function metaContent(html: LightElement, property: string): string {
  let content: string | undefined;
  forEachDescendant(html, (node) => {
    if (content !== undefined || node.type === "text") return false;
    if (node.tag === "meta" && (node.attr("property") ?? node.attr("name"))?.toLowerCase() === property)
      content = node.attr("content") ?? "";
    return true;
  });
  return content ?? "";
}
