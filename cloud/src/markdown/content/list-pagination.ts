/**
 * Whether the page is one page of a paginated list: its `<link rel="next">` leads to the same address
 * continued by a page number (`/category/news/page/2/`, `?page=2`, `/page-2`). A blog's category or
 * archive, a search's results, a list of posts are read in pages; an article's `rel=next` leads to the
 * next post, another address (WordPress, most blog engines). Such a page is a list of entries whatever
 * it declares: blog themes state `og:type` article on their archives too.
 */
import { descendantsByTag, type LightElement } from "../dom/light-dom.js";

/**
 * What follows the page's own path on its next page: a numbered page, as list pagination writes it. A
 * bare number (`/story/2/`) is not enough: a story split in pages continues so.
 */
const PAGE_SUFFIX = /^\/page[/-]?\d{1,4}\/?$/i;
// Not `p`: WordPress addresses a post by `?p=123`, and its next post by `?p=124`.
const PAGE_PARAM = /^(?:page|pg|paged|start|offset)$/i;

/** Whether `html`'s head links to a next page that continues `url` with a page number. */
export function isPaginatedList(html: LightElement, url: string): boolean {
  const head = html.elementChildren.find((child) => child.tag === "head");
  if (!head) return false;
  let here: URL;
  try {
    here = new URL(url);
  } catch {
    return false;
  }
  for (const link of descendantsByTag(head, "link")) {
    const rel = (link.attr("rel") ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("next")) continue;
    let next: URL;
    try {
      next = new URL(link.attr("href") ?? "", here);
    } catch {
      continue;
    }
    if (next.host === here.host && continuesWithPageNumber(here, next)) return true;
  }
  return false;
}

function continuesWithPageNumber(here: URL, next: URL): boolean {
  const path = here.pathname.replace(/\/$/, "");
  if (next.pathname.startsWith(path) && PAGE_SUFFIX.test(next.pathname.slice(path.length))) return true;
  if (next.pathname.replace(/\/$/, "") !== path) return false;
  for (const [name, value] of next.searchParams)
    if (PAGE_PARAM.test(name) && /^\d+$/.test(value) && here.searchParams.get(name) !== value) return true;
  return false;
}
