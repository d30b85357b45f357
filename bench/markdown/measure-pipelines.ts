/** Runs every pipeline on every corpus page, interleaved so machine load falls on all alike. */
import { markdownPlainText } from "../../cloud/src/markdown/quality/plain-text.js";
import { wordF1 } from "../../cloud/src/markdown/quality/word-f1.js";
import { median } from "../stats.js";
import type { Pipeline } from "./candidate-pipelines.js";
import { loadCase } from "./readability-corpus.js";

export interface PipelineMeasurement {
  pipeline: Pipeline;
  /** Per page: the median of the timed runs, in ms. */
  ms: number[];
  /** Per page: word F1 of the markdown's text against the expected article's text. */
  f1: number[];
  /** Pages where the pipeline threw, with the message. */
  failures: { page: string; message: string }[];
}

export async function measurePipelines(
  caseNames: readonly string[],
  pipelines: readonly Pipeline[],
  runs: number,
  onPage?: (name: string, index: number) => void,
): Promise<PipelineMeasurement[]> {
  const results = pipelines.map((pipeline): PipelineMeasurement => ({
    pipeline,
    ms: [],
    f1: [],
    failures: [],
  }));
  for (const [index, name] of caseNames.entries()) {
    onPage?.(name, index);
    const page = await loadCase(name);
    for (const result of results) {
      try {
        // The untimed warm-up call's output is the one scored: every pipeline is deterministic.
        const markdown = await result.pipeline.convert(page.html, page.url);
        const times: number[] = [];
        for (let run = 0; run < Math.min(runs, result.pipeline.maxRuns ?? runs); run++) {
          const started = performance.now();
          await result.pipeline.convert(page.html, page.url);
          times.push(performance.now() - started);
        }
        result.ms.push(median(times)!);
        result.f1.push(wordF1(markdownPlainText(markdown), page.expected).f1);
      } catch (error) {
        result.failures.push({ page: name, message: error instanceof Error ? error.message : String(error) });
        result.f1.push(0);
      }
    }
  }
  return results;
}
