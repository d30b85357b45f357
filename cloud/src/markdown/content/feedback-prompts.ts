/**
 * A page's request for the reader's verdict on it: "Was this page helpful?", "How useful was this
 * post?", a star rating's "Click on a star to rate it!" and its tally. The site's template asks it under
 * every page; its buttons are gone from the markdown, and the question alone is noise for a reader or a
 * model. Measured on WCXB's dev split: fifteen pages carry one, and fourteen of their references leave
 * it out (a listing's keeps its "Was this information helpful?").
 */
import { removeNodes, type LightElement } from "../dom/light-dom.js";
import { forEachShortBlock } from "./short-blocks.js";

const PAGE = "(?:page|article|post|guide|answer|information|content|tutorial|topic)";

/** A block that is only the request, with its answer buttons' words at most. */
const FEEDBACK_PROMPT = new RegExp(
  "^(?:" +
    [
      `(?:was|is) this (?:${PAGE} )?(?:helpful|useful)(?: (?:for|to) you)?`,
      `did you find this (?:${PAGE} )?(?:helpful|useful)`,
      `how (?:helpful|useful) (?:was|is) this ${PAGE}`,
      `(?:let us|help us) improve this ${PAGE}`,
      `tell us how we can improve this ${PAGE}`,
      `we are sorry that this ${PAGE} was not useful for you`,
      "(?:click|tap) (?:on )?a star to rate (?:it|this)",
      `no votes so far\\W+be the first to rate this ${PAGE}`,
      "average rating [\\d.,]+ ?/ ?\\d+\\W+vote count\\W+\\d[\\d,]*",
    ].join("|") +
    ")[\\s?!.:]*(?:(?:yes|no)[\\s?!.]*)*$",
  "i",
);

/** The most text a prompt's block may have: longer, it is a paragraph that asks the question itself. */
const MAX_PROMPT_CHARS = 100;

/** Removes the feedback prompts below `root`. */
export function removeFeedbackPrompts(root: LightElement): void {
  const doomed: LightElement[] = [];
  const hasWords = (data: string) => /helpful|useful|improve|rate|vote/i.test(data);
  forEachShortBlock(root, hasWords, MAX_PROMPT_CHARS, (block, text) => {
    if (FEEDBACK_PROMPT.test(text)) doomed.push(block);
  });
  removeNodes(doomed);
}
