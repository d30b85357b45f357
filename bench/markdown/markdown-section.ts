/**
 * The markdown bench: HTML-to-markdown pipelines on the Readability corpus (speed, and word F1 of the
 * markdown's text against the article Readability extracts), the target for Loupe's pipeline,
 * and converter fidelity on html-to-markdown's golden files.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MarkdownWorkerPool } from "../../cloud/src/markdown/index.js";
import { parseDocument } from "../../cloud/src/markdown/dom/parse-document.js";
import { renderBlocks } from "../../cloud/src/markdown/render/markdown-renderer.js";
import type { BenchOptions } from "../bench-options.js";
import type { BenchSection } from "../bench-section.js";
import { toCsv } from "../csv.js";
import { markdownTable } from "../markdown-table.js";
import { RESULTS_DIR } from "../repo-paths.js";
import { median, ratio } from "../stats.js";
import { BASELINE, FINAL, PIPELINES, type Pipeline } from "./candidate-pipelines.js";
import { checkGolden, GOLDENS_DIR, listGoldens, type GoldenResult } from "./golden-fidelity.js";
import { measurePipelines, type PipelineMeasurement } from "./measure-pipelines.js";
import { listCases, READABILITY_DIR, sampleCases } from "./readability-corpus.js";

const OUT_DIR = join(RESULTS_DIR, "markdown");
const GOLDEN_BASE = "https://golden.invalid/";

export const markdownSection: BenchSection = {
  name: "markdown",
  title: "Markdown: HTML → GFM pipelines on the Readability corpus, and converter fidelity on golden files",
  async run(options) {
    await mkdir(OUT_DIR, { recursive: true });
    await corpusComparison(options);
    await goldenFidelity();
  },
};

async function corpusComparison(options: BenchOptions): Promise<void> {
  const all = await listCases();
  if (!all.length) {
    console.log(`Skipped the corpus comparison: no Readability corpus at ${READABILITY_DIR}.`);
    return;
  }
  const names = options.corpusNames.length
    ? all.filter((name) => options.corpusNames.includes(name))
    : sampleCases(all, options.allCorpusPages ? undefined : options.corpusLimit);
  // One worker, so the row shows the cost of a page through the pool (message passing included).
  const pool = new MarkdownWorkerPool({ size: 1, deadlineMs: 60_000 });
  const pooled: Pipeline = {
    name: `${FINAL} via worker pool`,
    description: "the same, through `htmlToMarkdown`'s worker pool (copying the page to the thread and back)",
    convert: async (html, url) => (await pool.convert(html, url)).markdown,
  };
  let results: PipelineMeasurement[];
  try {
    await pool.convert("<p>warm-up</p>", "https://warm.invalid/");
    const started = performance.now();
    results = await measurePipelines(names, [...PIPELINES, pooled], options.runs, (name, index) => {
      if (index % 20 === 0) process.stdout.write(`  page ${index + 1}/${names.length} (${name})…\n`);
    });
    console.log(`  measured in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  } finally {
    await pool.close();
  }

  console.log(
    `${names.length} of ${all.length} pages; median of ${options.runs} timed runs per page after one untimed warm-up ` +
      "call (Defuddle: one timed run), pipelines interleaved page by page. F1: word-level F1 (lowercase alphanumeric " +
      "tokens with counts) of the markdown's text (link and image addresses, images and markup dropped) against the " +
      "text of the page's `expected.html`. Every pipeline leads with the page title as `# Title` when it finds one.\n",
  );
  const baseline = results.find((r) => r.pipeline.name === BASELINE)!;
  const baselineMs = median(baseline.ms);
  const baselineF1 = mean(baseline.f1);
  const rows = results.map((r) => {
    const ms = median(r.ms);
    const speedup = ratio(baselineMs, ms);
    return [
      r.pipeline.name,
      ms === undefined ? "—" : ms.toFixed(2),
      speedup === undefined ? "—" : `${speedup.toFixed(2)}×`,
      mean(r.f1).toFixed(4),
      (median(r.f1) ?? 0).toFixed(4),
      String(r.f1.filter((f) => f < 0.8).length),
      String(r.failures.length),
    ];
  });
  console.log(
    markdownTable(
      ["pipeline", "median ms/page", "speed vs baseline", "mean F1", "median F1", "pages F1 < 0.8", "errors"],
      rows,
    ),
  );
  console.log("");
  for (const r of results) console.log(`- ${r.pipeline.name}: ${r.pipeline.description}`);

  const final = results.find((r) => r.pipeline.name === FINAL)!;
  const finalMs = median(final.ms);
  const finalF1 = mean(final.f1);
  const speedup = ratio(baselineMs, finalMs) ?? 0;
  const met = finalF1 >= baselineF1 && speedup >= 2;
  console.log(
    `\n**Target (${FINAL}: mean F1 ≥ ${BASELINE} and ≥ 2× faster): ${met ? "MET" : "MISSED"}** — ` +
      `mean F1 ${finalF1.toFixed(4)} vs ${baselineF1.toFixed(4)}, median ${finalMs?.toFixed(2)} ms vs ` +
      `${baselineMs?.toFixed(2)} ms per page (${speedup.toFixed(2)}× faster).`,
  );
  for (const r of results) {
    for (const failure of r.failures)
      console.log(`- ${r.pipeline.name} failed on ${failure.page}: ${failure.message}`);
  }

  const header = ["page", ...results.flatMap((r) => [`${r.pipeline.name} ms`, `${r.pipeline.name} F1`])];
  const csvRows = names.map((name, i) => [
    name,
    ...results.flatMap((r) => [r.ms[i]?.toFixed(3), r.f1[i]?.toFixed(4)]),
  ]);
  await writeFile(join(OUT_DIR, "pipelines.csv"), toCsv(header, csvRows));
  console.log(`\nPer page: ${join(OUT_DIR, "pipelines.csv")}`);
}

async function goldenFidelity(): Promise<void> {
  const goldens = await listGoldens();
  console.log("\n### Converter fidelity: html-to-markdown golden files\n");
  if (!goldens.length) {
    console.log(`Skipped: no golden files under ${GOLDENS_DIR}.`);
    return;
  }
  // The converter alone (no main-content extraction), links printed relative as the goldens have them.
  const convert = (html: string) =>
    renderBlocks(parseDocument(html).body, new URL(GOLDEN_BASE)).join("\n\n").replaceAll(GOLDEN_BASE, "/");
  const results: GoldenResult[] = [];
  for (const golden of goldens) results.push(await checkGolden(golden, convert));
  console.log(
    "Loupe's renderer on each `*.in.html` (whole body, no extraction) against its `*.out.md`. Exact: identical but " +
      "for surrounding whitespace. Near: identical once HTML comments are dropped, whitespace collapsed and rules " +
      "written alike. Sections: the file cut at its top-level comments (or rules) on both sides.\n",
  );
  console.log(
    markdownTable(
      ["golden", "file exact", "file near", "sections", "sections exact", "sections near"],
      results.map((r) => [
        `${r.plugin}/${r.file}`,
        r.exact ? "yes" : "no",
        r.near ? "yes" : "no",
        r.sections ? String(r.sections) : "— (cut differs)",
        r.sections ? String(r.sectionsExact) : "—",
        r.sections ? String(r.sectionsNear) : "—",
      ]),
    ),
  );
  const sum = (pick: (r: GoldenResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  console.log(
    `\nFiles: ${sum((r) => Number(r.exact))} exact, ${sum((r) => Number(r.near))} near of ${results.length}. ` +
      `Sections: ${sum((r) => r.sectionsExact)} exact, ${sum((r) => r.sectionsNear)} near of ${sum((r) => r.sections)}.`,
  );
  await writeFile(
    join(OUT_DIR, "goldens.csv"),
    toCsv(
      ["golden", "exact", "near", "sections", "sections exact", "sections near"],
      results.map((r) => [
        `${r.plugin}/${r.file}`,
        String(r.exact),
        String(r.near),
        r.sections,
        r.sectionsExact,
        r.sectionsNear,
      ]),
    ),
  );
}

function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}
