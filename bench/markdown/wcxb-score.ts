/**
 * WCXB's scoring, twice: in-process (the same word F1 as its `evaluate.py`, for the per-page CSV) and by
 * running the benchmark's own `evaluate.py` on a predictions file, whose figures are the ones reported.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { join } from "node:path";
import { WCXB_DIR } from "./wcxb-corpus.js";

/**
 * Word F1 exactly as evaluate.py computes it: Python's `\w+` on the lowercased text (letters, digits and
 * underscore of any script), bags with counts; an empty reference scores 1 only against an empty text.
 */
export function wcxbWordF1(
  predicted: string,
  reference: string,
): { precision: number; recall: number; f1: number } {
  const pred = tokens(predicted);
  const ref = tokens(reference);
  if (!ref.length)
    return pred.length ? { precision: 0, recall: 0, f1: 0 } : { precision: 1, recall: 1, f1: 1 };
  if (!pred.length) return { precision: 0, recall: 0, f1: 0 };
  const counts = new Map<string, number>();
  for (const token of ref) counts.set(token, (counts.get(token) ?? 0) + 1);
  let overlap = 0;
  for (const token of pred) {
    const left = counts.get(token);
    if (left) {
      overlap++;
      counts.set(token, left - 1);
    }
  }
  const precision = overlap / pred.length;
  const recall = overlap / ref.length;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

export interface EvaluateFigures {
  overall: { f1: number; precision: number; recall: number };
  /**
   * The reviewers' snippet checks, in percent: of the phrases the main content must hold, the share
   * found; of those it must not (boilerplate), the share found (lower is better).
   */
  snippets: { with: number; without: number };
  /** By page type: pages, F1, precision, recall. */
  byType: Map<string, { pages: number; f1: number; precision: number; recall: number }>;
  /** The scorer's own printout. */
  output: string;
}

/**
 * Runs `python3 evaluate.py --split dev --results <file> --per-type` in the benchmark's folder and reads
 * its printout. Throws when python3 or the script fails, with what it said.
 */
export async function runEvaluate(predictionsFile: string): Promise<EvaluateFigures> {
  const { stdout } = await promisify(execFile)(
    "python3",
    [join(WCXB_DIR, "evaluate.py"), "--split", "dev", "--results", predictionsFile, "--per-type"],
    { cwd: WCXB_DIR, maxBuffer: 16 * 1024 * 1024 },
  );
  const number = (label: string): number => {
    const match = new RegExp(`^\\s*${label}:\\s+([0-9.]+)%?`, "m").exec(stdout);
    if (!match) throw new Error(`evaluate.py printed no ${label}:\n${stdout}`);
    return Number(match[1]);
  };
  const byType = new Map<string, { pages: number; f1: number; precision: number; recall: number }>();
  for (const match of stdout.matchAll(/^\s{2}([a-z]+)\s+(\d+)\s+([0-9.]+)\s+([0-9.]+)\s+([0-9.]+)\s*$/gm)) {
    byType.set(match[1]!, {
      pages: Number(match[2]),
      f1: Number(match[3]),
      precision: Number(match[4]),
      recall: Number(match[5]),
    });
  }
  return {
    overall: { f1: number("F1"), precision: number("Precision"), recall: number("Recall") },
    snippets: { with: number("With snippets"), without: number("Without snippets") },
    byType,
    output: stdout,
  };
}
