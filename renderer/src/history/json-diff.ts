/** Where a value sits in a JSON document: keys and array indexes from the top. */
export type JsonPath = (string | number)[];

/** One difference between two JSON values. */
export type JsonChange =
  | { kind: "added"; path: JsonPath; after: unknown }
  | { kind: "removed"; path: JsonPath; before: unknown }
  | { kind: "changed"; path: JsonPath; before: unknown; after: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value's content as a key, for matching array elements across runs (object keys in any order). */
function contentKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/**
 * The longest run of elements the two arrays share in order (by content), as index pairs: what stayed,
 * however far it moved. Quadratic, which the few hundred items of a run's result can afford.
 */
function sharedElements(before: unknown[], after: unknown[]): [number, number][] {
  const a = before.map(contentKey);
  const b = after.map(contentKey);
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/**
 * Arrays matched by content: elements both runs have (in order) are unchanged wherever they sit; between
 * them, the elements that differ are compared pairwise (a book whose price changed is one change at its
 * new index), and the rest are added or removed. An item inserted at the top is one addition, not a
 * change at every position below it. Paths use the new run's index (the old one's for removals).
 */
function diffArrays(before: unknown[], after: unknown[], path: JsonPath): JsonChange[] {
  const changes: JsonChange[] = [];
  let i = 0;
  let j = 0;
  for (const [nextI, nextJ] of [...sharedElements(before, after), [before.length, after.length] as const]) {
    while (i < nextI && j < nextJ) changes.push(...diffJson(before[i++], after[j], [...path, j++]));
    while (i < nextI) changes.push({ kind: "removed", path: [...path, i], before: before[i++] });
    while (j < nextJ) changes.push({ kind: "added", path: [...path, j], after: after[j++] });
    i = nextI + 1;
    j = nextJ + 1;
  }
  return changes;
}

/**
 * The structural differences from `before` (the older run) to `after`, deepest paths reported (an object
 * whose one key changed gives that key's path, not the object's). Arrays are matched by content.
 */
export function diffJson(before: unknown, after: unknown, path: JsonPath = []): JsonChange[] {
  if (Array.isArray(before) && Array.isArray(after)) return diffArrays(before, after, path);
  if (isRecord(before) && isRecord(after)) {
    const changes: JsonChange[] = [];
    for (const key of Object.keys(before)) {
      if (!Object.hasOwn(after, key))
        changes.push({ kind: "removed", path: [...path, key], before: before[key] });
      else changes.push(...diffJson(before[key], after[key], [...path, key]));
    }
    for (const key of Object.keys(after))
      if (!Object.hasOwn(before, key))
        changes.push({ kind: "added", path: [...path, key], after: after[key] });
    return changes;
  }
  return Object.is(before, after) ? [] : [{ kind: "changed", path, before, after }];
}

/** `["books", 0, "title"]` → `books[0].title`; the top itself is `(root)`. */
export function formatPath(path: JsonPath): string {
  if (path.length === 0) return "(root)";
  return path
    .map((part, i) =>
      typeof part === "number"
        ? `[${part}]`
        : /^[A-Za-z_$][\w$]*$/.test(part)
          ? `${i === 0 ? "" : "."}${part}`
          : `[${JSON.stringify(part)}]`,
    )
    .join("");
}
