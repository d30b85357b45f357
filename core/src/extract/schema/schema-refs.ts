/**
 * Resolving `$ref` inside one schema document. Only references into the same document can be followed
 * (`#`, `#/json/pointer`, `#anchor`, or an `$id` given in the document): the model-facing schema is
 * self-contained, and ajv has already rejected a plain JSON Schema whose references go nowhere.
 */
import { isSchemaObject, type JSONSchema } from "./json-schema.js";

/**
 * Finds the subschema a `$ref` points to within `root`, or `undefined` if it points outside it.
 *
 * @param root - The whole schema document.
 * @param ref - The `$ref` value.
 */
export function resolveLocalRef(root: JSONSchema, ref: string): JSONSchema | undefined {
  if (ref === "#") return root;
  if (ref.startsWith("#/")) return resolvePointer(root, ref.slice(1));
  if (ref.startsWith("#")) {
    const anchor = ref.slice(1);
    return findSubschema(root, (s) => s.$anchor === anchor || s.$id === ref);
  }
  return findSubschema(root, (s) => s.$id === ref);
}

function resolvePointer(root: JSONSchema, pointer: string): JSONSchema | undefined {
  let current: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const segment = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (typeof current === "object" && current !== null)
      current = (current as Record<string, unknown>)[segment];
    else return undefined;
  }
  return isSchemaObject(current) ? current : undefined;
}

function findSubschema(root: JSONSchema, match: (schema: JSONSchema) => boolean): JSONSchema | undefined {
  const stack: unknown[] = [root];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    seen.add(node);
    if (isSchemaObject(node) && match(node)) return node;
    stack.push(...Object.values(node));
  }
  return undefined;
}
