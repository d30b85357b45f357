/**
 * What a page is about, among the things its structured data declares: the Product, Recipe, Event,
 * discussion or Article — not the Organization, WebSite or BreadcrumbList a page also declares, which
 * describe the site. The main content is checked against it (structured-anchor.ts) and `metadata: true`
 * reports it (../metadata/page-metadata.ts).
 */
import type { Thing } from "./structured-data.js";

/**
 * The kinds of thing a page is about, most specific first: a product page also declares its
 * Organization and BreadcrumbList, an article its WebPage; those describe the site, not the content.
 */
const MAIN_TYPES: readonly (readonly string[])[] = [
  ["Product", "ProductGroup", "IndividualProduct", "ProductModel", "SoftwareApplication", "Book", "Vehicle"],
  ["Recipe"],
  ["Event", "MusicEvent", "SportsEvent", "TheaterEvent", "BusinessEvent", "EducationEvent", "Festival"],
  ["QAPage", "DiscussionForumPosting", "SocialMediaPosting", "Question"],
  [
    "Article",
    "NewsArticle",
    "BlogPosting",
    "TechArticle",
    "ScholarlyArticle",
    "Report",
    "OpinionNewsArticle",
    "AnalysisNewsArticle",
    "ReportageNewsArticle",
    "LiveBlogPosting",
    "HowTo",
  ],
];
const MAIN_KINDS: ReadonlySet<string> = new Set(MAIN_TYPES.flat());

/** The main thing of a page: the first of the most specific kind it declares, or undefined. */
export function mainThing(things: readonly Thing[]): Thing | undefined {
  for (const kind of MAIN_TYPES) {
    const found = things.find((thing) => thing.types.some((type) => kind.includes(type)));
    if (found) return found;
  }
  return undefined;
}

/** The schema.org type that made `thing` the main thing (`NewsArticle` of `["NewsArticle", "WebPage"]`). */
export function mainType(thing: Thing): string {
  return thing.types.find((type) => MAIN_KINDS.has(type)) ?? thing.types[0] ?? "Thing";
}
