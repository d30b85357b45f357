/**
 * The main content as one region of the page: the element whose subtree best matches the content the
 * page holds, then trimmed of the parts inside it that read as furniture.
 *
 * "Best matches" is the F1 the region would score if the block likelihoods were right: with `good` and
 * `bad` masses (see content-mass.ts), a region R scores 2·good(R) / (good(page) + good(R) + bad(R)).
 * This needs no assumption that content is one article: a thread of twenty posts, a page of service
 * sections or a grid of products is chosen whole because leaving any of it out costs recall. Inside
 * the region a subtree goes when dropping it raises that score, which is exactly when its own
 * precision, good / (good + bad), is under half the region's score.
 */
import { removeNodes, type LightElement } from "../dom/light-dom.js";
import { INLINE_TAGS, type Mass, type Masses } from "./content-mass.js";

/** Masses by element: `Masses`, or any map of them. */
export interface MassLookup {
  get(el: LightElement): Mass | undefined;
}

/** The element of `root`'s subtree (root included) with the best expected F1. */
export function bestElement(root: LightElement, masses: Masses): LightElement {
  const total = masses.get(root)?.good ?? 0;
  const { map, good, bad } = masses;
  let best = root;
  let bestScore = -1;
  for (let i = 0; i < map.elements.length; i++) {
    const score = regionScore({ good: good[i]!, bad: bad[i]! }, total);
    // Strictly better only: the walk is post-order, so on a tie the deeper element, seen first, stays.
    if (score > bestScore) {
      best = map.elements[i]!;
      bestScore = score;
    }
  }
  return best;
}

/** Of `core` and its ancestors up to `root`, the one with the best expected F1. */
export function bestAncestor(core: LightElement, root: LightElement, masses: MassLookup): LightElement {
  const total = masses.get(root)?.good ?? 0;
  let best = core;
  let bestScore = -1;
  for (let el: LightElement | null = core; el; el = el.parent) {
    const mass = masses.get(el);
    if (mass) {
      const score = regionScore(mass, total);
      if (score > bestScore) {
        best = el;
        bestScore = score;
      }
    }
    if (el === root) break;
  }
  return best;
}

export function regionScore(mass: Mass, total: number): number {
  const denominator = total + mass.good + mass.bad;
  return denominator > 0 ? (2 * mass.good) / denominator : 0;
}

/** Subtrees smaller than this (in furniture characters) are left alone: a label is not worth the risk. */
const MIN_PRUNED_BAD = 25;

/**
 * Removes the subtrees of `region` whose precision is under `share` of the region's score. Half is
 * where dropping a subtree raises the expected F1 when the likelihoods are right; a lower share keeps
 * more where they undervalue content (short entries of a list, a service page's labelled sections).
 */
export function pruneRegion(region: LightElement, masses: MassLookup, total: number, share = 0.5): void {
  const regionMass = masses.get(region);
  if (!regionMass) return;
  const threshold = regionScore(regionMass, total) * share;
  const stack: LightElement[] = [region];
  while (stack.length) {
    const el = stack.pop()!;
    const pruned: LightElement[] = [];
    for (const child of el.children) {
      if (child.type === "text" || INLINE_TAGS.has(child.tag)) continue;
      const mass = masses.get(child);
      if (!mass) continue;
      const size = mass.good + mass.bad;
      if (size === 0) continue;
      if (mass.bad >= MIN_PRUNED_BAD && mass.good / size < threshold) {
        pruned.push(child);
      } else stack.push(child);
    }
    removeNodes(pruned);
  }
}
