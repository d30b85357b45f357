/**
 * The WCXB development split as the markdown bench reads it, in place from ../shared/corpus/wcxb: each
 * page's HTML (gzipped), its address, its page type and its human-reviewed main content.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { CORPUS_DIR } from "../repo-paths.js";

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
    pages.push({
      id,
      url: data.url ?? `https://wcxb.invalid/${id}`,
      type: type === "category" ? "collection" : type,
      reference: data.ground_truth?.main_content ?? "",
    });
  }
  return pages;
}

export async function loadWcxbHtml(id: string): Promise<string> {
  return gunzipSync(await readFile(join(DEV_DIR, "html", `${id}.html.gz`))).toString("utf8");
}

interface GroundTruthFile {
  url?: string;
  _internal?: { page_type?: string | { primary?: string } };
  ground_truth?: { main_content?: string | null };
}
