/**
 * Which schema nodes are URL fields. These are the fields the model answers with a link id instead of
 * a URL (the model never writes a URL: it would invent or garble them), and the engine fills in the
 * link's real address.
 */
import { schemaTypes, type JSONSchema } from "./json-schema.js";

/**
 * The `format` values that mark a URL: zod 3's `.url()` and zod 4's `z.url()` become `uri`; the rest
 * are what hand-written JSON Schemas use.
 */
export const URL_FORMATS: ReadonlySet<string> = new Set([
  "uri",
  "url",
  "uri-reference",
  "iri",
  "iri-reference",
]);

/**
 * Whether a schema node is a URL field: a string (or a schema with no `type`, where `format` still
 * only applies to strings) with one of the URL formats.
 *
 * @param schema - One schema node.
 */
export function isUrlFieldSchema(schema: JSONSchema): boolean {
  if (typeof schema.format !== "string" || !URL_FORMATS.has(schema.format)) return false;
  const types = schemaTypes(schema);
  return types.length === 0 || types.includes("string");
}
