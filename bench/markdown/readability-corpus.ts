/**
 * The Readability corpus as the markdown bench reads it: each case's `source.html` and the plain text
 * of its `expected.html` (the article Readability extracts), read in place from ../shared/corpus.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { htmlPlainText } from "../../cloud/src/markdown/quality/plain-text.js";
import { wordBag, type WordBag } from "../../cloud/src/markdown/quality/word-f1.js";
import { CORPUS_DIR } from "../repo-paths.js";

export const READABILITY_DIR = join(CORPUS_DIR, "readability");

export interface CorpusCase {
  name: string;
  html: string;
  /** A stand-in for the page's address: the corpus keeps none, and relative links need one. */
  url: string;
  expected: WordBag;
}

/** Names of the cases with both a source and an expected article, sorted; empty when the corpus is absent. */
export async function listCases(): Promise<string[]> {
  if (!existsSync(READABILITY_DIR)) return [];
  const entries = await readdir(READABILITY_DIR, { withFileTypes: true });
  return entries
    .filter(
      (entry) =>
        entry.isDirectory() &&
        existsSync(join(READABILITY_DIR, entry.name, "source.html")) &&
        existsSync(join(READABILITY_DIR, entry.name, "expected.html")),
    )
    .map((entry) => entry.name)
    .sort();
}

export async function loadCase(name: string): Promise<CorpusCase> {
  const dir = join(READABILITY_DIR, name);
  const [html, expected] = await Promise.all([
    readFile(join(dir, "source.html"), "utf8"),
    readFile(join(dir, "expected.html"), "utf8"),
  ]);
  return { name, html, url: `https://corpus.invalid/${name}/`, expected: wordBag(htmlPlainText(expected)) };
}

/** `limit` cases spread evenly over the sorted list, so a subset looks like the whole corpus. */
export function sampleCases(cases: readonly string[], limit: number | undefined): string[] {
  if (limit === undefined || limit >= cases.length) return [...cases];
  return Array.from({ length: limit }, (_, i) => cases[Math.floor((i * cases.length) / limit)]!);
}
