/** The unit `bench/run.ts` is made of: snapshots now; markdown, fetch throughput or Studio later. */
import type { BenchOptions } from "./bench-options.js";

/** One benchmark: prints its own tables and summary, writes its own files under RESULTS_DIR. */
export interface BenchSection {
  /** Short name, used by `--only`. */
  name: string;
  /** One line saying what it measures, printed as the section's heading. */
  title: string;
  run(options: BenchOptions): Promise<void>;
}
