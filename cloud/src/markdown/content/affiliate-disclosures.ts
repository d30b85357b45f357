/**
 * An affiliate disclosure ("We may earn a commission from links on this page", "This post contains
 * affiliate links", "Pack Hacker is reader-supported") is the site's standing notice, printed above or
 * below every post it sells through, not the post's own text: most references leave it out (measured
 * on WCXB's articles: 41 pages gain, 9 lose, whose reference keeps it). It is told by its wording in a
 * block of a few lines; a paragraph that discusses affiliate programmes, or mentions one link in
 * passing ("both are affiliate links"), is longer or worded otherwise, and stays.
 */
import { removeNodes, type LightElement } from "../dom/light-dom.js";
import { forEachShortBlock } from "./short-blocks.js";

const DISCLOSURE =
  /\b(?:earns?|receives?|make)\b[^.]{0,50}\bcommissions?\b|\b(?:contains?|includes?|uses?)(?: some)? affiliate links\b|\bsupported by commissions\b|\b(?:reader|learner)-supported\b/i;

/** The most text a disclosure's block may have: longer, it is a paragraph of the post. */
const MAX_DISCLOSURE_CHARS = 300;

export function removeAffiliateDisclosures(root: LightElement): void {
  const doomed = new Set<LightElement>();
  const hasWords = (data: string) => /commission|affiliate|supported/i.test(data);
  forEachShortBlock(root, hasWords, MAX_DISCLOSURE_CHARS, (block, text) => {
    if (DISCLOSURE.test(text)) doomed.add(block);
  });
  removeNodes(doomed);
}
