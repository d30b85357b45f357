/** Where the benchmarks find the repository, the shared corpora and the place to write results. */
import { fileURLToPath } from "node:url";

/** The repository root (this file lives in `<root>/bench/`). */
export const REPO_ROOT = fileURLToPath(new URL("../", import.meta.url));

/**
 * The shared test corpora, read in place at run time and never copied into the project: they sit
 * beside the repository, at `../shared/corpus` from its root.
 */
export const CORPUS_DIR = fileURLToPath(new URL("../../shared/corpus/", import.meta.url));

/** Results go under `test-results/`, which git ignores, so a bench run never dirties the tree. */
export const RESULTS_DIR = fileURLToPath(new URL("../test-results/bench/", import.meta.url));
