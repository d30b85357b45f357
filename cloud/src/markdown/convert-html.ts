/**
 * The whole conversion, synchronous: parse, find the main content (see content/find-main-content.ts),
 * render it as markdown under the page title. The server runs this in a worker thread with a
 * deadline (see worker-pool.ts); tests and the worker call it directly.
 */
import { articleMetadata } from "./article/article-metadata.js";
import { findMainContent, type MainContent } from "./content/find-main-content.js";
import type { PageType } from "./content/page-type.js";
import { removeUnreadText } from "./content/unread-text.js";
import { descendantsByTag, isSpaceCode, removeNode } from "./dom/light-dom.js";
import { parseDocument, type LightDocument } from "./dom/parse-document.js";
import { dropDanglingHeading } from "./render/dangling-heading.js";
import { dropBylines } from "./render/bylines.js";
import { dropLoneLinks } from "./render/lone-links.js";
import { dropRepeatedImages } from "./render/repeated-images.js";
import { dropStrayRules } from "./render/stray-rules.js";
import { takeHeadline } from "./render/headline.js";
import { renderBlocks } from "./render/markdown-renderer.js";
import { documentBase } from "./render/link-urls.js";
import {
  collapseWhitespace,
  escapeText,
  HEADING_BLOCK,
  linkTexts,
  readerText,
} from "./render/markdown-text.js";
import { frontMatter, pageMetadata, type PageMetadata } from "./metadata/page-metadata.js";
import { metaTagFacts } from "./metadata/meta-tags.js";
import { readStructuredData } from "./content/structured-data.js";
import { isHomePage, titleWithoutSiteName } from "./content/site-name.js";

export interface MarkdownResult {
  markdown: string;
  /**
   * The page's name (also the markdown's leading `# ` heading), when the page has one: its headline when
   * that names the page its document title names (see render/headline.ts), else the document title
   * without the site's name (see content/site-name.ts).
   */
  title?: string;
  /**
   * With `metadata: true`: what the page's structured data (and, for title, author and date, its
   * `<meta>` tags) states about its main thing (also the markdown's front matter when not empty).
   * Absent otherwise.
   */
  metadata?: PageMetadata;
}

export interface ConvertOptions {
  /**
   * Keep only the main content (the default). `false` converts the whole body, less scripts, styles
   * and page chrome (navigation, header, footer, forms).
   */
  mainContent?: boolean;
  /**
   * Report the page's own metadata (title, author, date, price from its JSON-LD and microdata) in
   * `metadata` and as YAML front matter before the markdown. Default false: the markdown alone.
   */
  metadata?: boolean;
}

/**
 * Converts a page to GitHub-flavoured markdown: its main content under a `# Title` heading, links and
 * images absolute against `url` (and the page's `<base href>`).
 * @param url The page's final URL (after redirects).
 */
export function convertHtmlToMarkdown(
  html: string,
  url: string,
  options: ConvertOptions = {},
): MarkdownResult {
  const doc = parseDocument(html);
  // Read before the main content is sought, which removes what is not content (a `<meta>` in the body).
  const tags = options.metadata ? metaTagFacts(doc.html) : undefined;
  const { root, title, baseHref, things, type } =
    options.mainContent === false ? wholeBody(doc) : findMainContent(doc, url);
  const blocks = renderBlocks(root, documentBase(url, baseHref));
  // After the lone links, which an image ends the section of wherever it appears.
  if (type && LONE_LINK_TYPES.has(type)) dropLoneLinks(blocks);
  dropRepeatedImages(blocks);
  dropDanglingHeading(blocks);
  const fullTitle = collapseWhitespace(title).trim();
  const documentTitle = titleWithoutSiteName(fullTitle, doc.head, things, url);
  // A site's home page is named by its document title, the site's name; its headline is a tagline. A
  // page without a document title is named by its headline, and a headline that copies the whole
  // document title ("Vehicle rental News | WRAL" in an <h1>) by the title without the site's name.
  const headline = takeHeadline(blocks, isHomePage(url) && documentTitle ? undefined : documentTitle);
  const headlineText = headline === undefined ? undefined : readerText(headline);
  const cleanTitle = headlineText === undefined || headlineText === fullTitle ? documentTitle : headlineText;
  // A page without content (an application shell that renders in the browser) gives empty markdown,
  // not a heading over nothing; its title is still reported.
  const heading = cleanTitle && blocks.length ? `# ${escapeHeading(cleanTitle)}` : undefined;
  if (heading) {
    // The page repeats its title as a heading (an article's first, a product's name under its gallery
    // and price banner) and as a line (a breadcrumb's last step, a post's linked title): the title
    // shows once, on top.
    const title = readTitle(cleanTitle);
    for (const asHeading of [true, false]) {
      const repeated = blocks.findIndex(
        (block) =>
          HEADING_BLOCK.test(block) === asHeading && readsAsTitle(block.replace(HEADING_BLOCK, ""), title),
      );
      if (repeated >= 0) blocks.splice(repeated, 1);
    }
  }
  if (type === "article") dropBylines(blocks);
  dropStrayRules(blocks);
  if (heading) blocks.unshift(heading);
  const markdown = blocks.length ? blocks.join("\n\n") + "\n" : "";
  const result: MarkdownResult = { markdown };
  if (cleanTitle) result.title = cleanTitle;
  if (options.metadata) {
    result.metadata = pageMetadata(things, tags);
    result.markdown = frontMatter(result.metadata) + markdown;
  }
  return result;
}

/**
 * The pages whose lone links are buttons (see render/lone-links.ts). On a collection's or a listing's page
 * a link alone is an item, in a thread a story's source; in documentation it is a cross-reference
 * ("Next: Indexes"), which the references keep as often as not (measured: no gain).
 */
const LONE_LINK_TYPES = new Set<PageType>(["article", "product", "service"]);

const CHROME = new Set(["nav", "header", "footer", "aside", "form", "dialog"]);

function wholeBody(
  doc: LightDocument,
): Pick<MainContent, "root" | "title" | "baseHref" | "things"> & { type?: undefined } {
  const things = readStructuredData(doc.html);
  for (const el of descendantsByTag(doc.body, CHROME).reverse()) removeNode(el);
  removeUnreadText(doc.body);
  return { root: doc.body, title: articleMetadata(doc.html).title, baseHref: doc.baseHref, things };
}

function escapeHeading(title: string): string {
  const text = escapeText(title, false);
  return text.endsWith("#") ? text.slice(0, -1) + "\\#" : text;
}

/** A title as blocks are compared with it: escapes, emphasis and whitespace runs gone, lowercase. */
function readTitle(text: string): string {
  return text
    .replace(/\\(.)/g, "$1")
    .replace(/[\s*_`]+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * Whether a line of markdown reads as the title (`readTitle` of it). Reading keeps every character but
 * whitespace, emphasis marks and escapes, and lowercasing never shortens a text: a line keeping more of
 * them than the title has is refused before it is read (most lines are paragraphs, far longer).
 */
function readsAsTitle(line: string, title: string): boolean {
  const text = linkTexts(line);
  let kept = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isSpaceCode(code) && !READ_AWAY.has(code) && ++kept > title.length) return false;
  }
  return readTitle(text) === title;
}

/** `*`, `_`, backtick and backslash. */
const READ_AWAY = new Set([0x2a, 0x5f, 0x60, 0x5c]);
