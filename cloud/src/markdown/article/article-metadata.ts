/**
 * The article's title and byline as Readability reads them: JSON-LD first, then `<meta>` tags, then
 * the `<title>` with the site name cut off.
 */
import { descendantsByTags, innerText, type LightElement } from "../dom/light-dom.js";
import { textSimilarity } from "./node-measures.js";
import { RE } from "./readability-rules.js";

export interface ArticleMetadata {
  title: string;
  byline: string | undefined;
}

export function articleMetadata(html: LightElement): ArticleMetadata {
  const byTag = descendantsByTags(html, ["meta", "script", "title", "h1", "h2"]);
  const titles = new TitleSources(byTag);
  const jsonLd = jsonLdMetadata(byTag.get("script")!, titles);
  const values = metaValues(byTag.get("meta")!);
  const title =
    jsonLd.title ||
    values["dc:title"] ||
    values["dcterm:title"] ||
    values["og:title"] ||
    values["weibo:article:title"] ||
    values["weibo:webpage:title"] ||
    values["title"] ||
    values["twitter:title"] ||
    values["parsely-title"] ||
    titles.documentTitle();
  const articleAuthor =
    values["article:author"] && !isUrl(values["article:author"]) ? values["article:author"] : undefined;
  const byline =
    jsonLd.byline ||
    values["dc:creator"] ||
    values["dcterm:creator"] ||
    values["author"] ||
    values["parsely-author"] ||
    articleAuthor;
  return { title: unescapeEntities(title), byline: byline ? unescapeEntities(byline) : undefined };
}

const PROPERTY_PATTERN =
  /(article|dc|dcterm|og|twitter)\s*:\s*(author|creator|description|published_time|title|site_name)/gi;
const NAME_PATTERN =
  /^\s*(?:(dc|dcterm|og|twitter|parsely|weibo:(article|webpage))\s*[-.:]\s*)?(author|creator|pub-date|description|title|site_name)\s*$/i;

function metaValues(metas: LightElement[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const meta of metas) {
    const name = meta.attr("name");
    const property = meta.attr("property");
    const content = meta.attr("content");
    if (!content) continue;
    let matched = false;
    if (property) {
      const matches = property.match(PROPERTY_PATTERN);
      if (matches) {
        matched = true;
        values[matches[0]!.toLowerCase().replace(/\s/g, "")] = content.trim();
      }
    }
    if (!matched && name && NAME_PATTERN.test(name)) {
      values[name.toLowerCase().replace(/\s/g, "").replace(/\./g, ":")] = content.trim();
    }
  }
  return values;
}

interface JsonLdMetadata {
  title?: string;
  byline?: string;
}

function jsonLdMetadata(scripts: LightElement[], titles: TitleSources): JsonLdMetadata {
  for (const script of scripts) {
    if (script.attr("type") !== "application/ld+json") continue;
    try {
      const found = readJsonLd(script.textContent.replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, ""), titles);
      if (found) return found;
    } catch {
      // Malformed JSON-LD is common; the meta tags still apply.
    }
  }
  return {};
}

type JsonObject = Record<string, unknown>;

function readJsonLd(source: string, titles: TitleSources): JsonLdMetadata | undefined {
  let parsed = JSON.parse(source) as unknown;
  const isArticle = (it: unknown): boolean => {
    const type = (it as JsonObject | null)?.["@type"];
    return typeof type === "string" && RE.jsonLdArticleTypes.test(type);
  };
  if (Array.isArray(parsed)) {
    parsed = parsed.find(isArticle);
    if (!parsed) return undefined;
  }
  if (!parsed || typeof parsed !== "object") return undefined;
  let object = parsed as JsonObject;
  const schemaOrg = /^https?:\/\/schema\.org\/?$/;
  const context = object["@context"];
  const vocab = context && typeof context === "object" ? (context as JsonObject)["@vocab"] : undefined;
  if (
    !(typeof context === "string" && schemaOrg.test(context)) &&
    !(typeof vocab === "string" && schemaOrg.test(vocab))
  )
    return undefined;
  if (!object["@type"] && Array.isArray(object["@graph"])) {
    const inGraph = (object["@graph"] as unknown[]).find(isArticle);
    if (!inGraph) return undefined;
    object = inGraph as JsonObject;
  }
  if (!isArticle(object)) return undefined;

  const metadata: JsonLdMetadata = {};
  const { name, headline, author } = object;
  if (typeof name === "string" && typeof headline === "string" && name !== headline) {
    // Some sites put their own name in "name": take whichever matches the page title.
    const title = titles.documentTitle();
    const nameMatches = textSimilarity(name, title) > 0.75;
    const headlineMatches = textSimilarity(headline, title) > 0.75;
    metadata.title = headlineMatches && !nameMatches ? headline : name;
  } else if (typeof name === "string") metadata.title = name.trim();
  else if (typeof headline === "string") metadata.title = headline.trim();
  if (author && typeof author === "object") {
    const authorName = (author as JsonObject)["name"];
    if (typeof authorName === "string") metadata.byline = authorName.trim();
    else if (Array.isArray(author) && typeof (author[0] as JsonObject | undefined)?.["name"] === "string") {
      metadata.byline = author
        .map((it) => (it as JsonObject | null)?.["name"])
        .filter((it): it is string => typeof it === "string")
        .map((it) => it.trim())
        .join(", ");
    }
  }
  return metadata;
}

/** The elements the title heuristics read, found once. */
class TitleSources {
  private cached: string | undefined;
  constructor(private readonly byTag: Map<string, LightElement[]>) {}

  /** The `<title>`, with a site name after a separator cut off (`_getArticleTitle`). */
  documentTitle(): string {
    return (this.cached ??= documentTitleFrom(this.byTag));
  }
}

/** The `<title>`, with a site name after a separator cut off (`_getArticleTitle`). */
export function documentTitle(html: LightElement): string {
  return documentTitleFrom(descendantsByTags(html, ["title", "h1", "h2"]));
}

function documentTitleFrom(byTag: Map<string, LightElement[]>): string {
  const titleEl = byTag.get("title")![0];
  const origTitle = titleEl ? titleEl.textContent.replace(/\s+/g, " ").trim() : "";
  let title = origTitle;
  let hadHierarchicalSeparators = false;
  const wordCount = (text: string) => text.split(/\s+/).length;

  if (/ [|\-\\/>»] /.test(title)) {
    hadHierarchicalSeparators = / [\\/>»] /.test(title);
    const separators = Array.from(origTitle.matchAll(/ [|\-\\/>»] /gi));
    title = origTitle.substring(0, separators[separators.length - 1]!.index);
    if (wordCount(title) < 3) title = origTitle.replace(/^[^|\-\\/>»]*[|\-\\/>»]/gi, "");
  } else if (title.includes(": ")) {
    const trimmed = title.trim();
    const headings = [...byTag.get("h1")!, ...byTag.get("h2")!];
    if (!headings.some((h) => h.textContent.trim() === trimmed)) {
      title = origTitle.substring(origTitle.lastIndexOf(":") + 1);
      if (wordCount(title) < 3) title = origTitle.substring(origTitle.indexOf(":") + 1);
      else if (wordCount(origTitle.substring(0, origTitle.indexOf(":"))) > 5) title = origTitle;
    }
  } else if (title.length > 150 || title.length < 15) {
    const h1s = byTag.get("h1")!;
    if (h1s.length === 1) title = innerText(h1s[0]!);
  }

  title = title.trim().replace(/\s{2,}/g, " ");
  const titleWords = wordCount(title);
  if (
    titleWords <= 4 &&
    (!hadHierarchicalSeparators || titleWords !== wordCount(origTitle.replace(/[|\-\\/>»]+/g, "")) - 1)
  ) {
    title = origTitle;
  }
  return title;
}

function isUrl(text: string): boolean {
  return URL.canParse(text);
}

const ESCAPES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function unescapeEntities(text: string): string {
  return text
    .replace(/&(quot|amp|apos|lt|gt);/g, (_, name: string) => ESCAPES[name]!)
    .replace(/&#(?:x([0-9a-f]+)|([0-9]+));/gi, (_, hex: string | undefined, dec: string | undefined) => {
      let code = parseInt(hex ?? dec ?? "0", hex ? 16 : 10);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) code = 0xfffd;
      return String.fromCodePoint(code);
    });
}
