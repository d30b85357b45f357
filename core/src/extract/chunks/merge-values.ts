/**
 * Merging the answers of a split extraction into one value shaped like each of them: lists are joined
 * (the items the overlap between neighbouring parts found twice dropped), and single values are taken
 * from the part that found them, with any other part's different finding reported as a conflict.
 */
import { itemKeyPath } from "../schema/item-keys.js";

/** Two parts found different values for one field; the first part's (in page order) was kept. */
export interface MergeConflict {
  /** Where the field is, as keys and indexes from the top of the merged value. */
  path: (string | number)[];
  /** The value kept, and the 0-based part it came from. */
  kept: { value: unknown; part: number };
  /** The value left out, and its part. */
  dropped: { value: unknown; part: number };
}

/** How array items are told apart. */
export interface MergeOptions {
  /**
   * A property that identifies an item (a product's link, a SKU): items with the same value anywhere in
   * the answers are one item, their fields merged. Without it, only equal items found by neighbouring
   * parts (the overlap) are one item.
   */
  itemKey?: string;
  /**
   * Keys the schema names for its lists (its `itemKey` keyword), by `itemKeyPath` of the list: they win
   * over `itemKey` for that list.
   */
  schemaKeys?: ReadonlyMap<string, string>;
}

/** The merged value and what could not be reconciled. */
export interface MergedValue {
  value: unknown;
  conflicts: MergeConflict[];
}

/** Items this close to either end of a part's list may be cut off and are checked against a fuller twin. */
const EDGE_ITEMS = 2;

/** Merges the answers of the parts, given in page order. */
export function mergeValues(values: readonly unknown[], options: MergeOptions = {}): MergedValue {
  const conflicts: MergeConflict[] = [];
  const value = merge(
    values.map((v, part) => ({ value: v, part })),
    [],
    options,
    conflicts,
  );
  return { value, conflicts };
}

interface Found {
  value: unknown;
  part: number;
}

function merge(
  found: Found[],
  path: (string | number)[],
  options: MergeOptions,
  conflicts: MergeConflict[],
): unknown {
  const present = found.filter((f) => !isEmpty(f.value));
  if (present.length === 0) return found[0]?.value;
  if (present.every((f) => Array.isArray(f.value)))
    return mergeArrays(
      present as ArrayFound[],
      options.schemaKeys?.get(itemKeyPath(path)) ?? options.itemKey,
    );
  if (present.every((f) => isRecord(f.value))) {
    const keys = new Set<string>();
    for (const f of present) for (const key of Object.keys(f.value as object)) keys.add(key);
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const merged = merge(
        present
          .filter((f) => Object.hasOwn(f.value as object, key))
          .map((f) => ({
            value: (f.value as Record<string, unknown>)[key],
            part: f.part,
          })),
        [...path, key],
        options,
        conflicts,
      );
      out[key] = merged;
    }
    return out;
  }
  const kept = present[0]!;
  const reported = new Set<string>([canonical(kept.value)]);
  for (const other of present.slice(1)) {
    const text = canonical(other.value);
    if (reported.has(text)) continue;
    reported.add(text);
    conflicts.push({ path, kept, dropped: other });
  }
  return kept.value;
}

type ArrayFound = { value: unknown[]; part: number };

interface Placed {
  item: unknown;
  text: string;
  /** Position in the merged list; -1 once replaced by a fuller twin. */
  at: number;
}

function mergeArrays(found: ArrayFound[], itemKey: string | undefined): unknown[] {
  const out: unknown[] = [];
  const byKey = new Map<string, number>();
  let previous: { part: number; placed: Placed[] } | undefined;
  for (const { value: items, part } of found) {
    const placed: Placed[] = [];
    // The previous part's items not yet matched, by their text: each twin matches one item once.
    const unmatched = new Map<string, Placed[]>();
    const adjacent = previous && previous.part === part - 1 ? previous.placed : [];
    for (const p of adjacent) {
      const list = unmatched.get(p.text);
      if (list) list.push(p);
      else unmatched.set(p.text, [p]);
    }
    items.forEach((item, i) => {
      const text = canonical(item);
      const keyValue = keyOf(item, itemKey);
      if (keyValue !== undefined) {
        const at = byKey.get(keyValue);
        if (at !== undefined) {
          out[at] = fillIn(out[at], item);
          placed.push({ item, text, at });
          return;
        }
      }
      const twin = unmatched.get(text)?.shift();
      if (twin) {
        placed.push({ item, text, at: twin.at });
        return;
      }
      // An item cut off at a part's edge is a fragment of its whole twin in the neighbouring part.
      const fragment = adjacent.find(
        (p, j) =>
          p.at >= 0 &&
          (i < EDGE_ITEMS || j >= adjacent.length - EDGE_ITEMS) &&
          (isFragmentOf(item, p.item) || isFragmentOf(p.item, item)),
      );
      if (fragment) {
        if (isFragmentOf(fragment.item, item)) out[fragment.at] = item;
        placed.push({ item, text, at: fragment.at });
        fragment.at = -1;
        return;
      }
      const at = out.push(item) - 1;
      if (keyValue !== undefined) byKey.set(keyValue, at);
      placed.push({ item, text, at });
    });
    previous = { part, placed };
  }
  return out;
}

function keyOf(item: unknown, key: string | undefined): string | undefined {
  if (key === undefined || !isRecord(item) || !Object.hasOwn(item, key)) return undefined;
  const value = item[key];
  return isEmpty(value) ? undefined : canonical(value);
}

/** The first item with its empty fields filled from the second. */
function fillIn(kept: unknown, other: unknown): unknown {
  if (!isRecord(kept) || !isRecord(other)) return kept;
  const out: Record<string, unknown> = { ...kept };
  for (const [key, value] of Object.entries(other))
    if (isEmpty(out[key]) && !isEmpty(value)) out[key] = value;
  return out;
}

/** Whether `part` is `whole` with some fields empty: every field `part` fills, `whole` fills alike. */
function isFragmentOf(part: unknown, whole: unknown): boolean {
  if (!isRecord(part) || !isRecord(whole)) return false;
  let filled = 0;
  for (const [key, value] of Object.entries(part)) {
    if (isEmpty(value)) continue;
    filled++;
    if (canonical(value) !== canonical(whole[key])) return false;
  }
  return filled > 0 && filled < Object.values(whole).filter((v) => !isEmpty(v)).length;
}

/** What an answer holds where the part had nothing to say. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === "" ||
    (Array.isArray(value) && value.length === 0) ||
    (isRecord(value) && Object.values(value).every(isEmpty))
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON with object keys sorted, so equal values have equal text whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}
