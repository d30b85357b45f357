/**
 * Word-level F1 between two texts, the quality measure of the markdown conversion: bags of lowercase
 * alphanumeric tokens (with counts), precision = shared / candidate tokens, recall = shared /
 * reference tokens.
 */

export type WordBag = Map<string, number>;

export function wordBag(text: string): WordBag {
  const bag: WordBag = new Map();
  for (const token of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    bag.set(token, (bag.get(token) ?? 0) + 1);
  return bag;
}

export interface WordScores {
  precision: number;
  recall: number;
  f1: number;
}

/** Scores `candidate` against `reference`; two empty texts agree perfectly. */
export function wordF1(candidate: WordBag | string, reference: WordBag | string): WordScores {
  const a = typeof candidate === "string" ? wordBag(candidate) : candidate;
  const b = typeof reference === "string" ? wordBag(reference) : reference;
  let shared = 0;
  let total = 0;
  let referenceTotal = 0;
  for (const [token, count] of a) {
    total += count;
    shared += Math.min(count, b.get(token) ?? 0);
  }
  for (const count of b.values()) referenceTotal += count;
  if (total === 0 || referenceTotal === 0) {
    const same = total === referenceTotal ? 1 : 0;
    return { precision: same, recall: same, f1: same };
  }
  const precision = shared / total;
  const recall = shared / referenceTotal;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}
