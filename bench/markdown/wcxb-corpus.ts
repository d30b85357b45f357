/**
 * The WCXB development split as the markdown bench reads it, in place from ../shared/corpus/wcxb: each
 * page's HTML (gzipped), its address, its page type and its human-reviewed main content.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { BenchOptions } from "../bench-options.js";
import { CORPUS_DIR } from "../repo-paths.js";
import { sampleCases } from "./readability-corpus.js";

export const WCXB_DIR = join(CORPUS_DIR, "wcxb");
const DEV_DIR = join(WCXB_DIR, "dev");

/** The page types in the order the benchmark's scorer prints them. */
export const PAGE_TYPES = [
  "article",
  "forum",
  "product",
  "collection",
  "listing",
  "documentation",
  "service",
] as const;

export interface WcxbPage {
  id: string;
  url: string;
  /** The benchmark's page type (its scorer reads "category" as "collection"). */
  type: string;
  /** The reference main content, plain text; empty for the few pages the benchmark left without one. */
  reference: string;
  /** The reviewers' title, author and publication date (`YYYY-MM-DD`), when they recorded one. */
  title?: string;
  author?: string;
  date?: string;
}

/** The dev split's pages in id order; empty when the corpus is absent. */
export async function listWcxbPages(): Promise<WcxbPage[]> {
  const truthDir = join(DEV_DIR, "ground-truth");
  if (!existsSync(truthDir)) return [];
  const files = (await readdir(truthDir)).filter((f) => f.endsWith(".json")).sort();
  const pages: WcxbPage[] = [];
  for (const file of files) {
    const data = JSON.parse(await readFile(join(truthDir, file), "utf8")) as GroundTruthFile;
    const id = file.replace(/\.json$/, "");
    const primary = data._internal?.page_type;
    const type = (typeof primary === "string" ? primary : primary?.primary) ?? "article";
    const { title, author, publish_date: date } = data.ground_truth ?? {};
    pages.push({
      id,
      url: data.url ?? `https://wcxb.invalid/${id}`,
      type: type === "category" ? "collection" : type,
      reference: data.ground_truth?.main_content ?? "",
      ...(title ? { title } : {}),
      ...(author ? { author } : {}),
      ...(date ? { date } : {}),
    });
  }
  return pages;
}

/** The pages a run measures: those named (`--pages` ids), else a spread sample, or all with `--pages all`. */
export function pagesToMeasure(all: readonly WcxbPage[], options: BenchOptions): WcxbPage[] {
  const ids = options.corpusNames.length
    ? all.map((p) => p.id).filter((id) => options.corpusNames.includes(id))
    : sampleCases(
        all.map((p) => p.id),
        options.allCorpusPages ? undefined : options.corpusLimit,
      );
  const chosen = new Set(ids);
  return all.filter((page) => chosen.has(page.id));
}

export async function loadWcxbHtml(id: string): Promise<string> {
  return gunzipSync(await readFile(join(DEV_DIR, "html", `${id}.html.gz`))).toString("utf8");
}

interface GroundTruthFile {
  url?: string;
  _internal?: { page_type?: string | { primary?: string } };
  ground_truth?: {
    main_content?: string | null;
    title?: string | null;
    author?: string | null;
    publish_date?: string | null;
  };
}
