/**
 * The plain-object JSON Schema shape the schema code passes around, and the small guards that read it.
 * Typed loosely on purpose: callers hand us draft-07 and 2020-12 documents with vendor keywords, and
 * every reader below checks the keywords it uses instead of trusting a static type.
 */

/** A JSON Schema (draft-07 or 2020-12) as a plain object. Treat it as read-only. */
export type JSONSchema = { [keyword: string]: unknown };

/** Whether `value` is a plain object (an object literal or `JSON.parse` output), not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Whether a subschema position holds a schema object (as opposed to `true`, `false` or garbage). */
export function isSchemaObject(value: unknown): value is JSONSchema {
  return isPlainObject(value);
}

/** The `type` keyword as a list (`"string"` → `["string"]`, absent → `[]`). */
export function schemaTypes(schema: JSONSchema): string[] {
  const type = schema.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === "string");
  return [];
}
