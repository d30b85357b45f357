/**
 * Checks a JSON Schema from outside against SCHEMA_LIMITS before anything compiles or applies it. Each
 * check is linear in the schema and stops early, so checking costs nothing like what it guards against.
 */
import { SCHEMA_LIMITS } from "./schema-limits.js";
import { regexProblem } from "./schema-regex.js";
import { resolveLocalRef } from "./schema-refs.js";
import { isSchemaObject, type JSONSchema } from "./json-schema.js";

/**
 * The first limit a schema breaks, as a sentence naming the limit and the schema's own figure ("The
 * schema has 4,000 properties; the limit is 1,000. …"), or `undefined` when it is within every limit.
 *
 * @param schema - A JSON Schema from outside, as given (not modified).
 */
export function schemaLimitProblem(schema: unknown): string | undefined {
  const shape = jsonShapeProblem(schema);
  if (shape) return shape;
  let json: string;
  try {
    json = JSON.stringify(schema);
  } catch (error) {
    return `The schema is not JSON (${error instanceof Error ? error.message : String(error)}). Give a JSON Schema of plain objects, arrays, strings, numbers, booleans and null.`;
  }
  const bytes = Buffer.byteLength(json);
  if (bytes > SCHEMA_LIMITS.bytes)
    return `The schema is ${figure(bytes)} bytes of JSON; the limit is ${figure(SCHEMA_LIMITS.bytes)}. ${SMALLER}`;
  // From here on the schema is its JSON copy: plain, acyclic, and of bounded size.
  const copy: unknown = JSON.parse(json);
  if (!isSchemaObject(copy)) return undefined;
  return keywordProblem(copy) ?? reachProblem(copy);
}

const SMALLER =
  "Split the extraction into several smaller schemas, or drop fields and descriptions the model does not need.";

/** Depth, size and cycles of the value as a JS object, before `JSON.stringify` walks it unbounded. */
function jsonShapeProblem(schema: unknown): string | undefined {
  const ancestors = new Set<object>();
  let values = 0;
  const visit = (value: unknown, depth: number): string | undefined => {
    if (typeof value !== "object" || value === null) return undefined;
    if (ancestors.has(value))
      return "The schema contains itself (an object that is its own descendant); it cannot be JSON. Write recursion with $ref.";
    if (depth > SCHEMA_LIMITS.depth)
      return `The schema nests more than ${SCHEMA_LIMITS.depth} levels of objects and arrays; the limit is ${SCHEMA_LIMITS.depth}. Flatten it, or name repeated parts in $defs and use $ref.`;
    ancestors.add(value);
    for (const child of Object.values(value)) {
      // Every JSON value takes at least a byte or two, so past this count the byte limit is broken.
      if (++values > SCHEMA_LIMITS.bytes)
        return `The schema has more than ${figure(SCHEMA_LIMITS.bytes)} values, more than its JSON can hold within the limit of ${figure(SCHEMA_LIMITS.bytes)} bytes. ${SMALLER}`;
      const problem = visit(child, depth + 1);
      if (problem) return problem;
    }
    ancestors.delete(value);
    return undefined;
  };
  return visit(schema, 1);
}

/** Keywords whose value is one subschema. */
const ONE_SUBSCHEMA = [
  "additionalProperties",
  "additionalItems",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
] as const;
/** Keywords whose value is a list of subschemas. */
const SUBSCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAPS = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
] as const;
/** Keywords whose subschemas apply to the value itself rather than to a part of it. */
const IN_PLACE = new Set(["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas"]);

interface Subschema {
  schema: JSONSchema;
  /** JSON Pointer of the subschema, for messages. */
  at: string;
  /** Whether it applies to a part of the value (a property, an item) rather than the value itself. */
  intoValue: boolean;
  /** Only reachable through `$ref` (`$defs`, `definitions`): not applied where it stands. */
  definition: boolean;
}

/** The subschemas directly inside `node`, with where they are and how they apply. */
function subschemasOf(node: JSONSchema, at: string): Subschema[] {
  const out: Subschema[] = [];
  const add = (value: unknown, keyword: string, path: string) => {
    if (!isSchemaObject(value)) return;
    const definition = keyword === "$defs" || keyword === "definitions";
    out.push({ schema: value, at: path, intoValue: !IN_PLACE.has(keyword) && !definition, definition });
  };
  for (const keyword of ONE_SUBSCHEMA) add(node[keyword], keyword, `${at}/${keyword}`);
  for (const keyword of SUBSCHEMA_LISTS) {
    const list = node[keyword];
    if (Array.isArray(list)) list.forEach((sub, i) => add(sub, keyword, `${at}/${keyword}/${i}`));
  }
  for (const keyword of SUBSCHEMA_MAPS) {
    const map = node[keyword];
    if (isSchemaObject(map))
      for (const [name, sub] of Object.entries(map))
        add(sub, keyword, `${at}/${keyword}/${pointerToken(name)}`);
  }
  // `items` is one schema, or (draft-07) a list of them; draft-07 `dependencies` maps to schemas or lists.
  const items = node.items;
  if (Array.isArray(items)) items.forEach((sub, i) => add(sub, "items", `${at}/items/${i}`));
  else add(items, "items", `${at}/items`);
  if (isSchemaObject(node.dependencies))
    for (const [name, sub] of Object.entries(node.dependencies))
      add(sub, "dependentSchemas", `${at}/dependencies/${pointerToken(name)}`);
  return out;
}

/** Properties, enums, unions and regular expressions, over every subschema in the document. */
function keywordProblem(root: JSONSchema): string | undefined {
  let properties = 0;
  let enumValues = 0;
  const stack: { schema: JSONSchema; at: string }[] = [{ schema: root, at: "" }];
  while (stack.length > 0) {
    const { schema, at } = stack.pop()!;
    for (const keyword of ["$dynamicRef", "$recursiveRef"]) {
      if (keyword in schema)
        return `The schema uses ${keyword} at ${pointer(at)}; Loupe follows $ref only. Write the reference as a $ref.`;
    }
    for (const keyword of ["anyOf", "oneOf", "allOf"]) {
      const members = schema[keyword];
      if (Array.isArray(members) && members.length > SCHEMA_LIMITS.unionMembers)
        return `The ${keyword} at ${pointer(at)} has ${figure(members.length)} members; the limit is ${SCHEMA_LIMITS.unionMembers}. Merge members that differ only in details, or split the extraction.`;
    }
    if (isSchemaObject(schema.properties)) properties += Object.keys(schema.properties).length;
    if (isSchemaObject(schema.patternProperties)) {
      properties += Object.keys(schema.patternProperties).length;
      for (const key of Object.keys(schema.patternProperties)) {
        const problem = regexProblem(key, `the patternProperties key at ${pointer(at)}`);
        if (problem) return problem;
      }
    }
    if (typeof schema.pattern === "string") {
      const problem = regexProblem(schema.pattern, `the pattern at ${pointer(`${at}/pattern`)}`);
      if (problem) return problem;
    }
    if (Array.isArray(schema.enum)) enumValues += schema.enum.length;
    if ("const" in schema) enumValues++;
    for (const sub of subschemasOf(schema, at)) stack.push(sub);
  }
  if (properties > SCHEMA_LIMITS.properties)
    return `The schema has ${figure(properties)} properties; the limit is ${figure(SCHEMA_LIMITS.properties)}. ${SMALLER}`;
  if (enumValues > SCHEMA_LIMITS.enumValues)
    return `The schema's enums and consts have ${figure(enumValues)} values; the limit is ${figure(SCHEMA_LIMITS.enumValues)}. Describe long lists of values in words instead (a description such as "an ISO 4217 currency code").`;
  return undefined;
}

/**
 * Walks the schema as validation does, from the top and through every `$ref`, counting the subschemas
 * it reaches. A `$ref` back to a subschema still being walked is recursion: fine when it goes into a
 * part of the value on the way (validation ends with the value), refused when it does not (validation
 * would never end).
 */
function reachProblem(root: JSONSchema): string | undefined {
  const resolved = new Map<string, JSONSchema | undefined>();
  // Subschemas on the current walk, with how many steps into the value had been taken on entering them.
  const open = new Map<JSONSchema, number>();
  let reached = 0;
  const visit = (node: JSONSchema, at: string, valueSteps: number, depth: number): string | undefined => {
    const entered = open.get(node);
    if (entered !== undefined) {
      if (entered === valueSteps)
        return `The $ref chain at ${pointer(at)} comes back to where it started without going into a property or an item, so validating any value would never end. Make every loop of references go through properties or items.`;
      return undefined;
    }
    if (depth > SCHEMA_LIMITS.reachedDepth)
      return `The schema nests subschemas more than ${SCHEMA_LIMITS.reachedDepth} deep when its $refs are followed (at ${pointer(at)}); the limit is ${SCHEMA_LIMITS.reachedDepth}. Shorten the chain of references.`;
    if (++reached > SCHEMA_LIMITS.reachedSubschemas)
      return `The schema reaches more than ${figure(SCHEMA_LIMITS.reachedSubschemas)} subschemas when its $refs are followed; the limit is ${figure(SCHEMA_LIMITS.reachedSubschemas)}. References that branch at every level multiply: share less, or split the extraction.`;
    open.set(node, valueSteps);
    if (typeof node.$ref === "string") {
      const ref = node.$ref;
      if (!resolved.has(ref)) resolved.set(ref, resolveLocalRef(root, ref));
      const target = resolved.get(ref);
      const problem = target && visit(target, `${at}/$ref`, valueSteps, depth + 1);
      if (problem) return problem;
    }
    for (const sub of subschemasOf(node, at)) {
      if (sub.definition) continue;
      const problem = visit(sub.schema, sub.at, valueSteps + (sub.intoValue ? 1 : 0), depth + 1);
      if (problem) return problem;
    }
    open.delete(node);
    return undefined;
  };
  return visit(root, "", 0, 1);
}

function pointerToken(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** A JSON Pointer for messages: `/` for the top. */
function pointer(at: string): string {
  return at === "" ? "the top of the schema" : at;
}

/** A count with thousands separators: 4000 → "4,000". */
function figure(n: number): string {
  return n.toLocaleString("en-US");
}
