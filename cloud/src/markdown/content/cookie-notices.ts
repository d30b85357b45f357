/**
 * A cookie notice whose markup does not say so (no `cookie` or `consent` class, no dialog role): its
 * sentence tells it ("This website uses cookies…", "We and our partners use cookies…", "you consent to the
 * placement of cookies"). The notice is the largest short block around that sentence (its text, its
 * "Accept" and "Settings" buttons); a long block that merely mentions cookies (an article on privacy law)
 * is never taken for one, since the sentence must sit in a block of notice length.
 */
import { forEachDescendant, removeNodes, type LightElement } from "../dom/light-dom.js";

const COOKIE_SENTENCE =
  /\b(?:we|this (?:web)?site|our (?:web)?site)(?: and [^.]{0,40})? uses? cookies\b|\buses cookies\b|\bconsent to the (?:placement|use) of cookies\b/i;

/** The most text a block holding the notice's sentence may have. */
const MAX_SENTENCE_BLOCK = 600;

/** The most text the whole notice (sentence, buttons, settings) may have. */
const MAX_NOTICE = 1000;

export function removeCookieNotices(root: LightElement): void {
  const doomed = new Set<LightElement>();
  // Text nodes first: only the few that say "cookies" cost a look at the block around them.
  forEachDescendant(root, (node) => {
    if (node.type !== "text") return true;
    if (!node.data.toLowerCase().includes("cookies") || !node.parent || node.parent === root) return false;
    let block = node.parent;
    while (block.parent && block.parent !== root && block.parent.stats.nonSpace <= MAX_SENTENCE_BLOCK)
      block = block.parent;
    if (block.stats.nonSpace > MAX_SENTENCE_BLOCK || !COOKIE_SENTENCE.test(block.textContent)) return false;
    let notice = block;
    while (notice.parent && notice.parent !== root && notice.parent.stats.nonSpace <= MAX_NOTICE)
      notice = notice.parent;
    doomed.add(notice);
    return false;
  });
  removeNodes([...doomed].filter((el) => !hasAncestorIn(el, doomed)));
}

function hasAncestorIn(el: LightElement, set: ReadonlySet<LightElement>): boolean {
  for (let parent = el.parent; parent; parent = parent.parent) if (set.has(parent)) return true;
  return false;
}
