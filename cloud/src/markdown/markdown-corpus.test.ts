/**
 * Smoke test on real pages from the shared Readability corpus (read in place, never copied): a dozen
 * pages spread over the corpus must keep the article's words. The expected text is what Readability
 * extracts, which is not always the page's main content: the converter finds main content on every kind
 * of page (measured on WCXB by the bench), so it keeps less of some layouts Readability reads whole and
 * more of pages that are not articles. Floors were measured, less a small margin: mean word F1 0.925 on
 * these pages, every page 0.876 or more except hukumusume (0.496), a layout-table page where the
 * converter keeps the story alone and Readability's expected text also keeps the breadcrumbs, the
 * calendar links and the heading rows around it; that page has its own floor.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { convertHtmlToMarkdown } from "./convert-html.js";
import { htmlPlainText, markdownPlainText } from "./quality/plain-text.js";
import { wordF1 } from "./quality/word-f1.js";

const CORPUS = fileURLToPath(new URL("../../../../shared/corpus/readability/", import.meta.url));
const PRESENT = existsSync(CORPUS);
const PAGES = 12;
const PAGE_FLOOR = 0.85;
const MEAN_FLOOR = 0.91;
/** Pages whose expected text is more than their main content (see above), with their own floor. */
const PAGE_FLOORS: Record<string, number> = { hukumusume: 0.47 };

if (!PRESENT) console.warn(`markdown corpus smoke test skipped: no corpus at ${CORPUS}`);

describe.skipIf(!PRESENT)("markdown on Readability corpus pages", () => {
  it(`keeps the article's words on ${PAGES} pages (each F1 ≥ ${PAGE_FLOOR}, mean ≥ ${MEAN_FLOOR})`, async () => {
    const all = (await readdir(CORPUS, { withFileTypes: true }))
      .filter((e) => e.isDirectory() && existsSync(join(CORPUS, e.name, "expected.html")))
      .map((e) => e.name)
      .sort();
    const names = Array.from({ length: PAGES }, (_, i) => all[Math.floor((i * all.length) / PAGES)]!);
    const scores: Record<string, number> = {};
    for (const name of names) {
      const [source, expected] = await Promise.all([
        readFile(join(CORPUS, name, "source.html"), "utf8"),
        readFile(join(CORPUS, name, "expected.html"), "utf8"),
      ]);
      const { markdown } = convertHtmlToMarkdown(source, `https://corpus.invalid/${name}/`);
      scores[name] = wordF1(markdownPlainText(markdown), htmlPlainText(expected)).f1;
    }
    for (const [name, f1] of Object.entries(scores))
      expect(f1, name).toBeGreaterThanOrEqual(PAGE_FLOORS[name] ?? PAGE_FLOOR);
    const mean = Object.values(scores).reduce((a, b) => a + b, 0) / names.length;
    expect(mean).toBeGreaterThanOrEqual(MEAN_FLOOR);
  });
});
