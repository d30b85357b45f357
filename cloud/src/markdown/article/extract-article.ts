/**
 * Finds a page's main content the way Mozilla Readability 0.6 does (its `parse()`), on the light
 * tree: metadata first, then up to four passes with fewer heuristics until the article has 500
 * characters, else the longest attempt.
 */
import { innerTextLength, type LightElement } from "../dom/light-dom.js";
import type { ParsedPage } from "../dom/parse-document.js";
import { articleMetadata } from "./article-metadata.js";
import { grabArticle } from "./grab-article.js";
import { prepareArticle } from "./prepare-article.js";
import { prepareDocument } from "./prepare-document.js";
import {
  ALL_FLAGS,
  CHAR_THRESHOLD,
  FLAG_CLEAN_CONDITIONALLY,
  FLAG_STRIP_UNLIKELYS,
  FLAG_WEIGHT_CLASSES,
} from "./readability-rules.js";

export interface ExtractedArticle {
  /** The article, detached from the page; null when the page has no text at all. */
  content: LightElement | null;
  /** The page's title as Readability reads it (JSON-LD, meta tags, `<title>`); may be empty. */
  title: string;
  /** The page's `<base href>`, if any. */
  baseHref: string | null;
}

export function extractArticle(page: ParsedPage): ExtractedArticle {
  let doc = page.copy();
  const metadata = articleMetadata(doc.html);
  const { baseHref } = doc;
  const attempts: { content: LightElement; length: number }[] = [];
  let flags = ALL_FLAGS;
  for (;;) {
    prepareDocument(doc.html, doc.body);
    const content = grabArticle(doc.html, doc.body, {
      flags,
      title: metadata.title,
      byline: metadata.byline,
    });
    prepareArticle(content, flags);
    const length = innerTextLength(content);
    if (length >= CHAR_THRESHOLD) return { content, title: metadata.title, baseHref };

    attempts.push({ content, length });
    if (flags & FLAG_STRIP_UNLIKELYS) flags &= ~FLAG_STRIP_UNLIKELYS;
    else if (flags & FLAG_WEIGHT_CLASSES) flags &= ~FLAG_WEIGHT_CLASSES;
    else if (flags & FLAG_CLEAN_CONDITIONALLY) flags &= ~FLAG_CLEAN_CONDITIONALLY;
    else {
      const longest = attempts.reduce((best, attempt) => (attempt.length > best.length ? attempt : best));
      return { content: longest.length ? longest.content : null, title: metadata.title, baseHref };
    }
    doc = page.copy();
  }
}
