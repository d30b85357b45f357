/**
 * The `itemKey` keyword a schema may put on a list: the property that identifies one of its items (a
 * product's link, a SKU). When a long page is read in parts, items with the same key are one item, found
 * twice. It is an annotation, not validation, so JSON Schema lets it sit beside `type: "array"`; zod 4
 * writes it there from `.meta({ itemKey: "url" })`.
 */
import { ClientError } from "../../errors.js";
import { isSchemaObject, schemaTypes, type JSONSchema } from "./json-schema.js";
import { resolveLocalRef } from "./schema-refs.js";

/** The keyword, as it appears on an array schema. */
export const ITEM_KEY_KEYWORD = "itemKey";

/** Schemas nested deeper than this are not searched for item keys (a recursive schema stops here). */
const MAX_DEPTH = 32;

/**
 * The item keys a schema declares, by where their list sits: the path of object properties from the top
 * (the top itself when the schema is a list), written as JSON. Only lists reached through properties are
 * found, because only those are merged by key; a list inside a list's items is merged as a whole item.
 *
 * @param jsonSchema - The caller's schema as JSON Schema (`NormalizedSchema.jsonSchema`).
 * @throws ClientError when an `itemKey` is not a property name, or names a property its items lack.
 */
export function schemaItemKeys(jsonSchema: JSONSchema): ReadonlyMap<string, string> {
  const keys = new Map<string, string>();
  visit(jsonSchema, [], jsonSchema, keys, 0);
  return keys;
}

/** The map key `schemaItemKeys` files a list under. */
export function itemKeyPath(path: readonly (string | number)[]): string {
  return JSON.stringify(path);
}

function visit(
  node: JSONSchema,
  path: string[],
  root: JSONSchema,
  keys: Map<string, string>,
  depth: number,
): void {
  if (depth > MAX_DEPTH) return;
  if (typeof node.$ref === "string") {
    const target = resolveLocalRef(root, node.$ref);
    if (target && target !== node) visit(target, path, root, keys, depth + 1);
  }
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    const branches = node[keyword];
    if (Array.isArray(branches))
      for (const branch of branches) if (isSchemaObject(branch)) visit(branch, path, root, keys, depth + 1);
  }
  if (Object.hasOwn(node, ITEM_KEY_KEYWORD)) keys.set(itemKeyPath(path), checkedKey(node, path, root));
  const properties = node.properties;
  if (isSchemaObject(properties))
    for (const [name, property] of Object.entries(properties))
      if (isSchemaObject(property)) visit(property, [...path, name], root, keys, depth + 1);
}

function checkedKey(node: JSONSchema, path: string[], root: JSONSchema): string {
  const key = node[ITEM_KEY_KEYWORD];
  const where = path.length ? `the list at ${path.join(".")}` : "the top-level list";
  if (typeof key !== "string" || !key.trim())
    throw new ClientError(
      `The schema's itemKey on ${where} must be the name of a property of its items, not ${JSON.stringify(key)}.`,
    );
  if (!schemaTypes(node).includes("array") && node.items === undefined)
    throw new ClientError(
      `The schema puts itemKey "${key}" on ${where.replace("the list", "a field")}, which is not a list: put it on the array schema.`,
    );
  const names = itemPropertyNames(node, root);
  if (names && !names.includes(key))
    throw new ClientError(
      `The schema's itemKey "${key}" on ${where} names no property of its items (${names.join(", ") || "none"}).`,
    );
  return key;
}

/** The property names the items of a list schema declare, or undefined when they are not spelled out. */
function itemPropertyNames(list: JSONSchema, root: JSONSchema): string[] | undefined {
  let items = list.items;
  if (isSchemaObject(items) && typeof items.$ref === "string") items = resolveLocalRef(root, items.$ref);
  if (!isSchemaObject(items) || !isSchemaObject(items.properties)) return undefined;
  return Object.keys(items.properties);
}
