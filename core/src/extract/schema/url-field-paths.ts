/**
 * Where the URL fields of a schema sit in the values it describes. The schema is walked the way a value
 * is: through `properties`, array items, `additionalProperties`, unions (`anyOf`/`oneOf`/`allOf`, which
 * is also how nullable and optional fields are written) and `$ref`. A recursive schema (a tree of
 * links, say) has infinitely many concrete paths, so a path may hold a `repeat` step: any number of
 * repetitions of one of its step sequences, like `*` in a regular expression.
 */
import { isSchemaObject, type JSONSchema } from "./json-schema.js";
import { resolveLocalRef } from "./schema-refs.js";
import { isUrlFieldSchema } from "./url-format.js";

/** One step from a value into a part of it. */
export type UrlPathStep =
  /** The object property `name`. */
  | { readonly kind: "property"; readonly name: string }
  /** Every object property except the listed ones (the schema's `additionalProperties`). */
  | { readonly kind: "otherProperties"; readonly except: readonly string[] }
  /** Every array item from index `from` on (`items`; `from` > 0 after tuple positions). */
  | { readonly kind: "items"; readonly from: number }
  /** The array item at `index` (a tuple position). */
  | { readonly kind: "index"; readonly index: number }
  /** Zero or more repetitions of any of `loops` (a recursive `$ref`). */
  | { readonly kind: "repeat"; readonly loops: readonly UrlFieldPath[] };

/** The steps from the top of a value to one URL field; `[]` when the whole value is a URL. */
export type UrlFieldPath = readonly UrlPathStep[];

/** What walking a schema for URL fields found. */
export interface UrlFieldScan {
  /** The paths of the URL fields, deduplicated, in the order the schema lists them. */
  paths: UrlFieldPath[];
  /** The schema nodes that are URL fields (by identity), for the model-facing rewrite. */
  nodes: Set<JSONSchema>;
}

interface Frame {
  entry: number;
}

interface Found {
  steps: UrlPathStep[];
  /** Set when `steps` is a loop back to an open schema node, relative to where that node was entered. */
  loopOf?: Frame;
}

/**
 * Finds every URL field of a JSON Schema and the paths to it.
 *
 * @param root - The schema document; `$ref`s are resolved within it.
 */
export function scanUrlFields(root: JSONSchema): UrlFieldScan {
  const found: Found[] = [];
  const nodes = new Set<JSONSchema>();
  // Schema nodes on the current walk; meeting one again means a recursive $ref.
  const open = new Map<JSONSchema, Frame>();

  const visit = (node: unknown, path: UrlPathStep[]): void => {
    if (!isSchemaObject(node)) return;
    const frame = open.get(node);
    if (frame) {
      // Back at a node without moving into the value (a $ref to itself through a union) adds nothing.
      if (path.length > frame.entry) found.push({ steps: path.slice(frame.entry), loopOf: frame });
      return;
    }
    const own: Frame = { entry: path.length };
    open.set(node, own);
    const start = found.length;

    if (isUrlFieldSchema(node)) {
      nodes.add(node);
      found.push({ steps: [...path] });
    }
    if (typeof node.$ref === "string") visit(resolveLocalRef(root, node.$ref), path);
    for (const keyword of ["anyOf", "oneOf", "allOf"] as const) {
      const members = node[keyword];
      if (Array.isArray(members)) for (const member of members) visit(member, path);
    }
    visit(node.then, path);
    visit(node.else, path);

    const properties = isSchemaObject(node.properties) ? node.properties : {};
    for (const [name, sub] of Object.entries(properties)) visit(sub, [...path, { kind: "property", name }]);
    visit(node.additionalProperties, [...path, { kind: "otherProperties", except: Object.keys(properties) }]);

    // Tuples: 2020-12 writes `prefixItems` + `items` for the rest; draft-07 `items: [...]` + `additionalItems`.
    const tuple = Array.isArray(node.prefixItems)
      ? node.prefixItems
      : Array.isArray(node.items)
        ? node.items
        : [];
    tuple.forEach((sub: unknown, index) => visit(sub, [...path, { kind: "index", index }]));
    const rest = Array.isArray(node.items) ? node.additionalItems : node.items;
    visit(rest, [...path, { kind: "items", from: tuple.length }]);

    open.delete(node);
    closeLoops(found, start, own);
  };

  visit(root, []);

  const paths: UrlFieldPath[] = [];
  const seen = new Set<string>();
  for (const { steps } of found) {
    const key = JSON.stringify(steps);
    if (seen.has(key)) continue;
    seen.add(key);
    paths.push(steps);
  }
  return { paths, nodes };
}

/**
 * When a node's walk is done, the loops back to it become a `repeat` step, inserted where the node was
 * entered into every path found below it, including loops back to nodes further up.
 */
function closeLoops(found: Found[], start: number, frame: Frame): void {
  const below = found.splice(start);
  const loops = below.filter((f) => f.loopOf === frame);
  const others = below.filter((f) => f.loopOf !== frame);
  if (loops.length === 0) {
    found.push(...others);
    return;
  }
  const unique = new Map(loops.map((l) => [JSON.stringify(l.steps), l.steps]));
  const repeat: UrlPathStep = { kind: "repeat", loops: [...unique.values()] };
  for (const f of others) {
    // Inner repeats were inserted at or after this position, so the prefix is still plain steps.
    const at = frame.entry - (f.loopOf?.entry ?? 0);
    found.push({ ...f, steps: [...f.steps.slice(0, at), repeat, ...f.steps.slice(at)] });
  }
}

/**
 * Finds the places in a value that a URL field path matches, as concrete keys and indexes.
 *
 * @param value - The value (the model's answer, unwrapped).
 * @param path - A path from `scanUrlFields`.
 */
export function matchUrlFieldPath(value: unknown, path: UrlFieldPath): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (current: unknown, steps: UrlFieldPath, at: (string | number)[]): void => {
    const [step, ...rest] = steps;
    if (!step) {
      out.push(at);
      return;
    }
    switch (step.kind) {
      case "property":
        if (isRecord(current) && Object.hasOwn(current, step.name))
          walk(current[step.name], rest, [...at, step.name]);
        return;
      case "otherProperties":
        if (!isRecord(current)) return;
        for (const key of Object.keys(current)) {
          if (!step.except.includes(key)) walk(current[key], rest, [...at, key]);
        }
        return;
      case "items":
        if (!Array.isArray(current)) return;
        for (let i = step.from; i < current.length; i++) walk(current[i], rest, [...at, i]);
        return;
      case "index":
        if (Array.isArray(current) && step.index < current.length)
          walk(current[step.index], rest, [...at, step.index]);
        return;
      case "repeat":
        // Each loop moves at least one level into the value, so this ends with the value.
        walk(current, rest, at);
        for (const loop of step.loops) walk(current, [...loop, ...steps], at);
        return;
    }
  };
  walk(value, path, []);
  return out;
}

/**
 * Writes a URL field path for people and tests, JSONPath-like: `$.products[*].url`,
 * `$(.children[*])*.url` for a recursive one, `$` for the value itself.
 *
 * @param path - A path from `scanUrlFields`.
 */
export function formatUrlFieldPath(path: UrlFieldPath): string {
  return "$" + formatSteps(path);
}

function formatSteps(path: UrlFieldPath): string {
  return path
    .map((step) => {
      switch (step.kind) {
        case "property":
          return /^[A-Za-z_$][\w$]*$/.test(step.name) ? `.${step.name}` : `[${JSON.stringify(step.name)}]`;
        case "otherProperties":
          return ".*";
        case "items":
          return step.from === 0 ? "[*]" : `[${step.from}:]`;
        case "index":
          return `[${step.index}]`;
        case "repeat":
          return `(${step.loops.map(formatSteps).join("|")})*`;
      }
    })
    .join("");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
