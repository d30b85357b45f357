/**
 * The Readability corpus (130 saved real pages) served from loopback. The saved pages point at
 * third-party hosts that do not resolve here; a Content-Security-Policy sent with each page stops the
 * browser from even trying, so a page never waits on the network. The header travels with the page, so
 * both tools' tabs load exactly the same thing and neither pays for request interception.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { PageServers } from "../../test/support/page-server.js";
import { CORPUS_DIR } from "../repo-paths.js";
import type { BenchPage } from "./bench-page.js";
import { deriveArticleSnippets, pageShowsText } from "./article-snippets.js";

/** Where the Readability cases live: `<case>/source.html`, `expected.html`, `expected-metadata.json`. */
export const READABILITY_DIR = join(CORPUS_DIR, "readability");

/** Same-origin, inline and data: only: scripts and styles in the page run, nothing leaves loopback. */
const LOOPBACK_ONLY_CSP = "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:";

/** How many snippets of the expected article a snapshot must contain (plus the title). */
const SNIPPETS_PER_PAGE = 10;

/** The corpus case names, sorted; empty when the corpus is absent. */
export async function listCorpusCases(): Promise<string[]> {
  if (!existsSync(READABILITY_DIR)) return [];
  const entries = await readdir(READABILITY_DIR, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && existsSync(join(READABILITY_DIR, entry.name, "source.html")))
    .map((entry) => entry.name)
    .sort();
}

/**
 * `limit` cases spread evenly over the sorted list (not the first few, which are tiny synthetic
 * pages), so a subset still looks like the whole corpus.
 */
export function sampleCases(cases: readonly string[], limit: number | undefined): string[] {
  if (limit === undefined || limit >= cases.length) return [...cases];
  return Array.from({ length: limit }, (_, i) => cases[Math.floor((i * cases.length) / limit)]!);
}

/**
 * Serves each case at `/corpus/<case>/` and derives its known values: the title from
 * `expected-metadata.json` (when the page shows it) and snippets of the article from `expected.html`
 * (that the page holds too), parsed in `parser` (any open browser page; nothing is loaded into it).
 */
export async function corpusPages(
  servers: PageServers,
  cases: readonly string[],
  parser: Page,
): Promise<BenchPage[]> {
  const pages: BenchPage[] = [];
  for (const name of cases) {
    const dir = join(READABILITY_DIR, name);
    servers.route(`/corpus/${name}/`, (_req, res) => {
      readFile(join(dir, "source.html")).then(
        (body) => {
          res.writeHead(200, {
            "content-type": "text/html; charset=utf-8",
            "content-security-policy": LOOPBACK_ONLY_CSP,
          });
          res.end(body);
        },
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    });
    const knownValues = await corpusKnownValues(dir, parser);
    pages.push({ name, kind: "corpus", url: `${servers.originA}/corpus/${name}/`, knownValues });
  }
  return pages;
}

async function corpusKnownValues(dir: string, parser: Page): Promise<string[]> {
  const values: string[] = [];
  const source = await readFile(join(dir, "source.html"), "utf8");
  const metadataFile = join(dir, "expected-metadata.json");
  if (existsSync(metadataFile)) {
    const metadata = JSON.parse(await readFile(metadataFile, "utf8")) as { title?: unknown };
    const title = typeof metadata.title === "string" ? metadata.title.trim() : "";
    if (title && (await pageShowsText(parser, source, title))) values.push(title);
  }
  const expectedFile = join(dir, "expected.html");
  if (existsSync(expectedFile)) {
    const snippets = await deriveArticleSnippets(parser, await readFile(expectedFile, "utf8"), source);
    values.push(...spread(snippets, SNIPPETS_PER_PAGE));
  }
  return values;
}

/** Up to `count` items spread evenly from start to end, so the sample covers the whole article. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}
