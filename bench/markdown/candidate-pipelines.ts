/**
 * The HTML-to-markdown pipelines the bench compares, each `(html, url) → markdown` as a product would
 * deliver it (the page title as a leading `# ` heading when the pipeline finds one).
 */
import { Readability } from "@mozilla/readability";
import { gfm } from "@joplin/turndown-plugin-gfm";
import { Defuddle } from "defuddle/node";
import { parseHTML } from "linkedom";
import TurndownService from "turndown";
import { convertHtmlToMarkdown } from "../../cloud/src/markdown/convert-html.js";
import { mdreamMarkdown } from "./mdream-engine.js";

export interface Pipeline {
  name: string;
  /** What it is, for the notes under the table. */
  description: string;
  convert(html: string, url: string): string | Promise<string>;
  /** Timed runs per page, when fewer than the bench's `--runs` (a slow pipeline that decides nothing). */
  maxRuns?: number;
}

function turndownService(): TurndownService {
  const service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
  });
  service.use(gfm);
  service.remove(["script", "style", "noscript", "template", "head", "title", "meta", "link", "iframe"]);
  return service;
}

const turndown = turndownService();

function withTitle(title: string | null | undefined, markdown: string): string {
  const clean = title?.replace(/\s+/g, " ").trim();
  return clean ? `# ${clean}\n\n${markdown}` : markdown;
}

/** Runs `work` with console output muted: Defuddle logs every malformed JSON-LD block it meets. */
export async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const saved = { log: console.log, warn: console.warn, error: console.error };
  console.log = console.warn = console.error = () => {};
  try {
    return await work();
  } finally {
    Object.assign(console, saved);
  }
}

type ReadabilityDocument = ConstructorParameters<typeof Readability>[0];

function readability(html: string): { title: string; content: string } | null {
  const { document } = parseHTML(html);
  const article = new Readability(document as unknown as ReadabilityDocument).parse();
  return article ? { title: article.title ?? "", content: article.content ?? "" } : null;
}

export const BASELINE = "Readability + turndown";
export const FINAL = "Loupe";

export const PIPELINES: Pipeline[] = [
  {
    name: "turndown alone",
    description: "turndown 7 + GFM plugin on the whole page (scripts, styles, head removed)",
    convert: (html) => turndown.turndown(html),
  },
  {
    name: BASELINE,
    description: "linkedom → Readability 0.6 → turndown 7 + GFM on its article HTML",
    convert(html) {
      const article = readability(html);
      return article ? withTitle(article.title, turndown.turndown(article.content)) : "";
    },
  },
  {
    name: "Readability + mdream",
    description: "linkedom → Readability 0.6 → mdream (WASM) on its article HTML",
    convert(html, url) {
      const article = readability(html);
      return article ? withTitle(article.title, mdreamMarkdown(article.content, url, false).markdown) : "";
    },
  },
  {
    name: "Defuddle (own markdown)",
    description: "linkedom → Defuddle 0.19 with `markdown: true` (no network)",
    maxRuns: 1,
    async convert(html, url) {
      const { document } = parseHTML(html);
      const result = await quietly(() =>
        Defuddle(document as unknown as Parameters<typeof Defuddle>[0], url, {
          markdown: true,
          useAsync: false,
        }),
      );
      return withTitle(result.title, result.content);
    },
  },
  {
    name: "mdream minimal",
    description:
      "mdream 1.7 (WASM) `minimal` preset: isolateMain + filter + clean (frontmatter title as `#`)",
    convert(html, url) {
      const result = mdreamMarkdown(html, url, true);
      return withTitle(result.title, result.markdown);
    },
  },
  {
    name: FINAL,
    description:
      "cloud/src/markdown: htmlparser2 → light tree → main-content region (block likelihoods, repeated items, " +
      "page type) → own GFM renderer",
    convert: (html, url) => convertHtmlToMarkdown(html, url).markdown,
  },
];
