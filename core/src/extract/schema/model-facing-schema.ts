/**
 * The schema the model answers against, derived from the caller's (normalised) JSON Schema:
 *
 * - URL fields ask for a link id instead of a URL. The model copies ids from the snapshot reliably but
 *   invents, truncates or "fixes" URLs; the engine puts the link's real address in afterwards.
 * - A top level that is not an object is wrapped in `{ value: … }`, because providers' structured-output
 *   modes (OpenAI's `json_schema`, tool calls) need an object at the top.
 *
 * The input is never modified and the same input always gives the same output, so the schema text sent
 * to the model (and any cache keyed on it) is stable.
 */
import { isPlainObject, schemaTypes, type JSONSchema } from "./json-schema.js";
import { scanUrlFields, type UrlFieldPath } from "./url-field-paths.js";

/** What a URL field asks the model for. */
export const LINK_ID_DESCRIPTION =
  "The id of the link element in the page snapshot, like 2-17, whose URL is meant";

/** The shape of an element id in the snapshot: frame ordinal, dash, node number. */
export const LINK_ID_PATTERN = "^\\d+-\\d+$";

/** The property a non-object top level is wrapped in. */
export const WRAPPER_KEY = "value";

/** The schema sent to the model, and what is needed to read its answer back. */
export interface ModelFacingSchema {
  /** The JSON Schema to send. */
  readonly schema: JSONSchema;
  /** Where the URL fields are in the caller's (unwrapped) value; the model writes link ids there. */
  readonly urlPaths: readonly UrlFieldPath[];
  /** Whether the caller's schema was wrapped as `{ value: … }`; `unwrapModelValue` undoes it. */
  readonly wrapped: boolean;
}

/**
 * Builds the model-facing schema from a normalised JSON Schema.
 *
 * @param jsonSchema - The caller's schema as JSON Schema (`NormalizedSchema.jsonSchema`). Not modified.
 */
export function buildModelFacingSchema(jsonSchema: JSONSchema): ModelFacingSchema {
  const scan = scanUrlFields(jsonSchema);
  const copy = copyWithLinkIds(jsonSchema, scan.nodes, new Map());
  const schema = isPlainObject(copy) ? copy : {};
  if (schema.type === "object") return { schema, urlPaths: scan.paths, wrapped: false };
  return { schema: wrapTopLevel(schema), urlPaths: scan.paths, wrapped: true };
}

/**
 * Reads the caller's value out of the model's answer: the `value` property when the schema was
 * wrapped. An answer that skipped the wrapper is passed through, and validation judges it.
 *
 * @param modelSchema - The result of `buildModelFacingSchema`.
 * @param answer - The model's parsed JSON answer.
 */
export function unwrapModelValue(modelSchema: ModelFacingSchema, answer: unknown): unknown {
  if (!modelSchema.wrapped) return answer;
  if (isPlainObject(answer) && Object.hasOwn(answer, WRAPPER_KEY)) return answer[WRAPPER_KEY];
  return answer;
}

function copyWithLinkIds(node: unknown, urlNodes: Set<JSONSchema>, copies: Map<object, unknown>): unknown {
  if (typeof node !== "object" || node === null) return node;
  const done = copies.get(node);
  if (done !== undefined) return done;
  if (Array.isArray(node)) {
    const out: unknown[] = [];
    copies.set(node, out);
    for (const item of node) out.push(copyWithLinkIds(item, urlNodes, copies));
    return out;
  }
  const record = node as JSONSchema;
  if (urlNodes.has(record)) {
    const out = linkIdSchema(record);
    copies.set(node, out);
    return out;
  }
  const out: JSONSchema = {};
  copies.set(node, out);
  for (const [key, value] of Object.entries(record)) out[key] = copyWithLinkIds(value, urlNodes, copies);
  return out;
}

/**
 * A URL field turned into a link-id field. The URL's own constraints (format, pattern, lengths, enum,
 * examples) describe the URL, not the id, so only naming keywords and nullability are kept.
 */
function linkIdSchema(urlField: JSONSchema): JSONSchema {
  const out: JSONSchema = {};
  for (const key of ["$id", "$anchor", "title"]) if (key in urlField) out[key] = urlField[key];
  out.type = schemaTypes(urlField).includes("null") ? ["string", "null"] : "string";
  if (urlField.nullable === true) out.nullable = true;
  const own = typeof urlField.description === "string" ? urlField.description.trim() : "";
  out.description = own ? `${LINK_ID_DESCRIPTION}: ${own}` : `${LINK_ID_DESCRIPTION}.`;
  out.pattern = LINK_ID_PATTERN;
  return out;
}

/**
 * Wraps a non-object top level as `{ value: … }`. Definitions move up to the new top so `#/$defs/…`
 * references still resolve; other document-relative references (`#`, `#/items/…`) get the
 * `/properties/value` prefix, since what they pointed at moved there.
 */
function wrapTopLevel(schema: JSONSchema): JSONSchema {
  const { $schema, $defs, definitions, ...inner } = schema;
  const wrapper: JSONSchema = {};
  if ($schema !== undefined) wrapper.$schema = $schema;
  wrapper.type = "object";
  wrapper.properties = { [WRAPPER_KEY]: inner };
  wrapper.required = [WRAPPER_KEY];
  wrapper.additionalProperties = false;
  if ($defs !== undefined) wrapper.$defs = $defs;
  if (definitions !== undefined) wrapper.definitions = definitions;
  prefixRootRefs(wrapper, new Set());
  return wrapper;
}

function prefixRootRefs(node: unknown, seen: Set<object>): void {
  if (typeof node !== "object" || node === null || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const item of node) prefixRootRefs(item, seen);
    return;
  }
  const record = node as JSONSchema;
  const ref = record.$ref;
  if (
    typeof ref === "string" &&
    (ref === "#" || ref.startsWith("#/")) &&
    !/^#\/(\$defs|definitions)(\/|$)/.test(ref)
  ) {
    record.$ref = `#/properties/${WRAPPER_KEY}${ref.slice(1)}`;
  }
  for (const value of Object.values(record)) prefixRootRefs(value, seen);
}
