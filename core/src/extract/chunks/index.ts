/** Splitting content that does not fit the model's input budget, and merging the parts' answers. */
export type { ContentLines } from "./content-lines.js";
export { snapshotLines } from "./snapshot-lines.js";
export { markdownLines } from "./markdown-lines.js";
export { splitContent, type ContentChunk, type SplitLimits } from "./split-chunks.js";
export { mergeValues, type MergeConflict, type MergedValue, type MergeOptions } from "./merge-values.js";
export { runParts } from "./run-parts.js";
export { partLinks } from "./part-links.js";
