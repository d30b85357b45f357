/** A page the snapshot bench measures, and the strings a faithful snapshot of it must contain. */

/** Which table row group a page belongs to. */
export type BenchPageKind = "fixture" | "catalog" | "corpus";

export interface BenchPage {
  /** `fixture`, `catalog`, or the corpus case's folder name. */
  name: string;
  kind: BenchPageKind;
  /** A loopback URL; both tools load exactly this. */
  url: string;
  /** Text that must appear in the snapshot (compared whitespace-normalised). */
  knownValues: readonly string[];
  /** How long its tabs may take to load, when longer than the bench's default (the big catalogs). */
  loadTimeoutMs?: number;
}
