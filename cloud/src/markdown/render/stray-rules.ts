/**
 * A thematic break (`---`, an `<hr>`) divides what stands on either side of it. One with nothing on a
 * side divides nothing — the first block under the title (the page's own title went with its rule
 * under it), the last block (what followed was furniture), or the twin of the rule beside it (the
 * section between them went) — and is noise in the markdown.
 */
import { RULE_BLOCK } from "./markdown-text.js";

/**
 * Drops, in place, `blocks`' rules at either end and all but the first of rules side by side: the
 * markdown's blocks, and each list item's (a menu's divider, a card's top border).
 */
export function dropStrayRules(blocks: string[]): void {
  let kept = 0;
  for (const block of blocks) {
    if (block === RULE_BLOCK && (kept === 0 || blocks[kept - 1] === RULE_BLOCK)) continue;
    blocks[kept++] = block;
  }
  while (kept > 0 && blocks[kept - 1] === RULE_BLOCK) kept--;
  blocks.length = kept;
}
