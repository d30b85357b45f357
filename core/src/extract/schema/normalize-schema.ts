/**
 * The one entry point that turns whatever schema the caller gave `extract` into a `NormalizedSchema`.
 * Order matters: zod 3.25+ and zod 4 schemas also implement Standard Schema, but their own converters
 * know more (descriptions, formats) than a generic path would, so zod is recognised first.
 */
import { ClientError } from "../../errors.js";
import { normalizeJsonSchema } from "./from-json-schema.js";
import { isStandardSchema, normalizeStandardSchema } from "./from-standard-schema.js";
import { isZod3Schema, normalizeZod3Schema } from "./from-zod3.js";
import { isZod4Schema, normalizeZod4Schema } from "./from-zod4.js";
import { schemaItemKeys } from "./item-keys.js";
import { isPlainObject } from "./json-schema.js";
import type { NormalizedSchema } from "./normalized-schema.js";

const ACCEPTED =
  "extract() accepts a zod 3 or zod 4 schema, a plain JSON Schema object, or a Standard Schema object " +
  "that can give a JSON Schema";

// Keywords that make a plain object recognisably a JSON Schema. `{}` (any value) is accepted too.
const SCHEMA_KEYWORDS = new Set([
  "type",
  "properties",
  "items",
  "prefixItems",
  "additionalProperties",
  "patternProperties",
  "required",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "$ref",
  "$defs",
  "definitions",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "$schema",
  "$id",
  "description",
  "title",
  "nullable",
  "default",
]);

/**
 * Normalises the caller's schema: zod 3, zod 4, plain JSON Schema or Standard Schema with JSON Schema.
 * The top level may describe an object, an array or a primitive.
 *
 * Asynchronous because a plain JSON Schema is checked against SCHEMA_LIMITS and compiled in a worker
 * thread, so a broken one fails here, before any page or model work.
 *
 * @param schema - The schema given to `extract(instruction, schema)`. It is not modified.
 * @throws ClientError when the schema is of no accepted kind, breaks a schema limit, is an invalid JSON
 *   Schema, cannot be turned into JSON Schema, or has an `itemKey` that names no property of its items.
 */
export async function normalizeSchema(schema: unknown): Promise<NormalizedSchema> {
  const normalized = await normalizeAnySchema(schema);
  // An itemKey only matters once a long page is split, but a wrong one is the caller's mistake on any page.
  schemaItemKeys(normalized.jsonSchema);
  return normalized;
}

async function normalizeAnySchema(schema: unknown): Promise<NormalizedSchema> {
  if (isZod4Schema(schema)) return normalizeZod4Schema(schema);
  if (isZod3Schema(schema)) return normalizeZod3Schema(schema);
  if (isStandardSchema(schema)) return normalizeStandardSchema(schema);
  if (isPlainObject(schema)) {
    if (Object.getOwnPropertySymbols(schema).some((s) => s.description === "vercel.ai.schema")) {
      throw new ClientError(
        `${ACCEPTED}; got an AI SDK Schema (from jsonSchema() or zodSchema()). Pass the JSON Schema or zod schema inside it.`,
      );
    }
    const keys = Object.keys(schema);
    if (keys.length > 0 && keys.every((k) => isZod3Schema(schema[k]) || isZod4Schema(schema[k]))) {
      throw new ClientError(
        `${ACCEPTED}; got an object whose values are zod schemas (a shape). Wrap it: z.object({ ${keys.join(", ")} }).`,
      );
    }
    if (keys.length > 0 && !keys.some((k) => SCHEMA_KEYWORDS.has(k))) {
      throw new ClientError(
        `${ACCEPTED}; got a plain object with none of the JSON Schema keywords (type, properties, items, $ref, …): ` +
          `{ ${keys.slice(0, 5).join(", ")}${keys.length > 5 ? ", …" : ""} }.`,
      );
    }
    return normalizeJsonSchema(schema);
  }
  throw new ClientError(`${ACCEPTED}; got ${describe(schema)}.`);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") {
    const name = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor
      ?.name;
    return name ? `an instance of ${name}` : "an object";
  }
  if (typeof value === "function") return "a function";
  return `a ${typeof value} (${String(value)})`;
}
