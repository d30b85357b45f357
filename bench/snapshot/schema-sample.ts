/**
 * A plausible value for a JSON Schema, so the scripted model server can answer whatever structured
 * request a tool sends (its own schema, or one the tool adds for bookkeeping) without the bench
 * knowing the tool's prompts.
 */

type Schema = Record<string, unknown>;

/** A value that fits `schema` (objects get every property, arrays one item or their minimum). */
export function sampleFromSchema(schema: unknown, root: unknown = schema, key = ""): unknown {
  if (!isSchema(schema)) return null;
  if (typeof schema["$ref"] === "string")
    return sampleFromSchema(resolveRef(root, schema["$ref"]), root, key);
  if ("const" in schema) return schema["const"];
  if (Array.isArray(schema["enum"]) && schema["enum"].length) return schema["enum"][0];
  for (const union of ["anyOf", "oneOf", "allOf"]) {
    const options = schema[union];
    if (Array.isArray(options) && options.length) {
      const usable = options.find((option) => isSchema(option) && option["type"] !== "null") ?? options[0];
      return sampleFromSchema(usable, root, key);
    }
  }
  const types = Array.isArray(schema["type"]) ? (schema["type"] as unknown[]) : [schema["type"]];
  const type = types.find((t) => t !== "null") ?? types[0];
  switch (type) {
    case "object": {
      const properties = isSchema(schema["properties"]) ? schema["properties"] : {};
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, sampleFromSchema(property, root, name)]),
      );
    }
    case "array": {
      const count = Math.max(1, typeof schema["minItems"] === "number" ? schema["minItems"] : 1);
      return Array.from({ length: count }, () => sampleFromSchema(schema["items"], root, key));
    }
    case "string":
      return sampleString(schema, key);
    case "integer":
    case "number":
      return typeof schema["minimum"] === "number" ? schema["minimum"] : 1;
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return isSchema(schema["properties"])
        ? sampleFromSchema({ ...schema, type: "object" }, root, key)
        : null;
  }
}

function sampleString(schema: Schema, key: string): string {
  if (schema["format"] === "uri" || schema["format"] === "url") return "https://example.com/";
  if (/price|cost|amount/i.test(key)) return "$49.00";
  if (/name|title|product/i.test(key)) return "Red Shoe";
  return `example ${key || "text"}`;
}

function resolveRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(1).split("/").filter(Boolean)) {
    node = isSchema(node) ? node[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  }
  return node;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
