import type { LinkTable } from "./schema-extraction.js";

/**
 * Markdown links (not images): `[text](url)` or `[text](url "title")`, the text holding brackets and the
 * address parentheses one level deep (`/wiki/A_(b)`). A pair inside stops at the next bracket or
 * parenthesis either way: were it to run on, a document of many `[` or `](` would be scanned to its end
 * from each.
 */
const MARKDOWN_LINK = /(?<!!)\[((?:[^\][]|\[[^\][]*\])*)\]\(((?:[^\s()]|\([^\s()]*\))+)(\s+"[^"]*")?\)/g;

/**
 * Gives every link of a markdown document an id in the snapshot's form (`0-1`, `0-2`, …) and writes the
 * id where the URL was, so the model answers URL fields with ids here too and never copies (or invents)
 * an address. The table maps the ids back, to absolute URLs when `baseUrl` is given.
 */
export function numberDocumentLinks(markdown: string, baseUrl?: string): { text: string; links: LinkTable } {
  const urls = new Map<string, string>();
  const known = new Set<string>();
  let next = 1;
  const text = markdown.replace(
    MARKDOWN_LINK,
    (_whole, label: string, url: string, title: string | undefined) => {
      const id = `0-${next++}`;
      // A relative link (a plain-text or markdown target keeps its own) means the address it resolves to.
      const absolute = resolveAgainst(url, baseUrl);
      urls.set(id, absolute);
      known.add(absolute);
      return `[${label}](${id}${title ?? ""})`;
    },
  );
  return { text, links: { linkUrl: (id) => urls.get(id), isLinkUrl: (url) => known.has(url) } };
}

function resolveAgainst(url: string, baseUrl: string | undefined): string {
  try {
    return new URL(url, baseUrl).href;
  } catch {
    return url;
  }
}
