/**
 * A short link standing alone where a section ends — before a heading, an image or the end of the
 * content — is a button, not text: "Read more", "Back to blog", "Shop Bells of Steel", "See Deal",
 * "Subscribe on Spotify", "Contact me with a specialist", a number to call. It points elsewhere and says
 * nothing of the page, and WCXB's human-reviewed main contents leave it out (measured: 319 pages gain,
 * 61 lose, mostly shops' home pages whose references keep their "Shop …" links). Three kinds stay: a link
 * over the text it names (a card's title over its price, a roundup's item over its description), links
 * in a run of such blocks (a list the page draws as paragraphs: projects, sources), and a link whose
 * words say something of their own (a teaser's sentence, a story's title).
 */

/** A block that is one link and nothing else: `[text](target)`, the text without an image. */
const LONE_LINK = /^\[([^\]\n]+)\]\([^)\s]*(?: "[^"\n]*")?\)$/;

/** A button's words are few; a longer link text is a title or a sentence. */
const MAX_BUTTON_WORDS = 8;

const HEADING = /^#{1,6} /;
/** Where a section ends: a heading, or an image, on the next block's first line. */
const SECTION_END = /^(?:#{1,6} |!\[)/;

/**
 * Removes from `blocks` the short links that stand alone at a section's end — unless nothing but
 * headings would be left: a page that is one link ("Continue to the article") says it with that link.
 */
export function dropLoneLinks(blocks: string[]): void {
  const lone = blocks.map(isLoneLink);
  const buttons = blocks.map((_, i) => {
    const next = blocks[i + 1];
    return lone[i] && !lone[i - 1] && !lone[i + 1] && (next === undefined || SECTION_END.test(next));
  });
  if (!blocks.some((block, i) => !buttons[i] && !HEADING.test(block))) return;
  let kept = 0;
  for (let i = 0; i < blocks.length; i++) if (!buttons[i]) blocks[kept++] = blocks[i]!;
  blocks.length = kept;
}

function isLoneLink(block: string): boolean {
  const text = LONE_LINK.exec(block)?.[1];
  return text !== undefined && text.trim().split(/\s+/).length <= MAX_BUTTON_WORDS;
}
