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

/**
 * The structural differences from `before` to `after`, deepest paths reported (an object whose one key
 * changed gives that key's path, not the object's). Arrays are compared index by index: run results
 * keep their order, so a shifted list shows as the changes it really made to each position.
 */
export function diffJson(before: unknown, after: unknown, path: JsonPath = []): JsonChange[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: JsonChange[] = [];
    const length = Math.max(before.length, after.length);
    for (let i = 0; i < length; i++) {
      if (i >= after.length) changes.push({ kind: "removed", path: [...path, i], before: before[i] });
      else if (i >= before.length) changes.push({ kind: "added", path: [...path, i], after: after[i] });
      else changes.push(...diffJson(before[i], after[i], [...path, i]));
    }
    return changes;
  }
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
