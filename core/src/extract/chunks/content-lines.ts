/**
 * Content to split, seen as lines: what each line is worth as a place to start a part, and which earlier
 * lines a part starting there needs to repeat so its values keep their context. The snapshot and a
 * fetched markdown document each describe their lines this way; the splitter knows neither format.
 */

/** The lines of one piece of content, with what the splitter needs to know of each. */
export interface ContentLines {
  readonly lines: readonly string[];
  /**
   * How good a place line `index` is to start a part: lower is better (a section heading, an element at
   * the top of the tree), higher means cutting there splits something that belongs together.
   */
  cutCost(index: number): number;
  /**
   * The earlier lines a part starting at `index` repeats first, in page order: the elements it sits in
   * (its frame among them) and the heading it falls under.
   */
  contextOf(index: number): number[];
}
