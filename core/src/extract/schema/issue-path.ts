/**
 * Issue paths: every schema library reports where a problem is in its own way (zod: keys and indexes,
 * Standard Schema: keys or `{ key }` segments, ajv: a JSON Pointer). They all become `SchemaIssue.path`,
 * object keys as strings and array indexes as numbers, so the repair message and the final error read
 * the same whichever library the caller used.
 */

/**
 * Turns a zod or Standard Schema issue path into a `SchemaIssue` path.
 *
 * @param segments - Path segments: property keys (strings, numbers, symbols) or `{ key }` objects.
 */
export function toIssuePath(segments: readonly unknown[] | undefined): (string | number)[] {
  if (!segments) return [];
  return segments.map((segment) => {
    const key =
      typeof segment === "object" && segment !== null && "key" in segment
        ? (segment as { key: unknown }).key
        : segment;
    return typeof key === "number" ? key : String(key);
  });
}

/**
 * Turns an ajv `instancePath` (a JSON Pointer such as `/products/0/url`) into a `SchemaIssue` path.
 * The pointer alone cannot tell an array index from an object key named "0", so the value is walked
 * alongside it: a segment is a number only where the value holds an array.
 *
 * @param pointer - The JSON Pointer, `""` for the top.
 * @param value - The value the pointer points into.
 */
export function jsonPointerToIssuePath(pointer: string, value: unknown): (string | number)[] {
  if (pointer === "") return [];
  const path: (string | number)[] = [];
  let current: unknown = value;
  for (const raw of pointer.slice(1).split("/")) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(segment)) {
      const index = Number(segment);
      path.push(index);
      current = current[index];
    } else {
      path.push(segment);
      current =
        typeof current === "object" && current !== null
          ? (current as Record<string, unknown>)[segment]
          : undefined;
    }
  }
  return path;
}

/**
 * Writes an issue path the way people read it: `products[0].url`, or `(the value)` for the top.
 *
 * @param path - The issue path.
 */
export function formatIssuePath(path: readonly (string | number)[]): string {
  if (path.length === 0) return "(the value)";
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}
