/**
 * Compiling and applying a plain JSON Schema with ajv (+ ajv-formats), in the schema worker
 * (json-schema-worker.ts) and nowhere else: ajv turns a schema into JavaScript source and compiles it,
 * which for a schema of a thousand properties is a second of CPU. Compiled validators are kept by a hash
 * of the schema's JSON (least recently used first out), so a schema sent with every request compiles once.
 * Each gets its own ajv instance, because an instance keeps every schema it compiled (a leak when
 * callers build schemas per call) and refuses a second schema with an `$id` it has already seen.
 */
import { createHash } from "node:crypto";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { SchemaIssue } from "../../errors.js";
import { jsonPointerToIssuePath } from "./issue-path.js";
import { linearRegExp } from "./schema-regex.js";

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule.default;

/** Compiled validators kept; a full-size schema's validator is a few megabytes at most. */
const CACHE_ENTRIES = 32;

/** What the schema worker is asked: compile a schema, or validate a value with it. */
export type JsonSchemaTask =
  { op: "compile"; json: string } | { op: "validate"; json: string; value: unknown };

/** The answer: the schema cannot be compiled (`problem`), or the issues found (none when valid). */
export type JsonSchemaTaskResult = { ok: true; issues: SchemaIssue[] } | { ok: false; problem: string };

const compiled = new Map<string, ValidateFunction>();

/**
 * Runs one task: compiles the schema (or takes it from the cache) and, for `validate`, applies it.
 *
 * @param task - The schema as JSON text, already within the schema limits.
 */
export function runJsonSchemaTask(task: JsonSchemaTask): JsonSchemaTaskResult {
  let validateFn: ValidateFunction;
  try {
    validateFn = compileCached(task.json);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    // The regex engine's refusals are whole sentences already; ajv's own errors need the context.
    const problem = /^The pattern /.test(message)
      ? message
      : `The schema is not a valid JSON Schema: ${message}. Fix the schema (draft-07 or 2020-12; every $ref must point inside the schema), or pass a zod schema.`;
    return { ok: false, problem };
  }
  if (task.op === "compile" || validateFn(task.value)) return { ok: true, issues: [] };
  return { ok: true, issues: ajvIssues(validateFn.errors ?? [], task.value) };
}

function compileCached(json: string): ValidateFunction {
  const key = createHash("sha256").update(json).digest("base64url");
  const hit = compiled.get(key);
  if (hit) {
    // Most recently used goes last; the first entry is the next to leave.
    compiled.delete(key);
    compiled.set(key, hit);
    return hit;
  }
  const schema = JSON.parse(json) as Record<string, unknown>;
  const validateFn = createAjv(schema.$schema).compile(schema);
  compiled.set(key, validateFn);
  if (compiled.size > CACHE_ENTRIES) compiled.delete(compiled.keys().next().value!);
  return validateFn;
}

function createAjv(dialect: unknown): Ajv {
  // strict: false because real schemas carry vendor keywords (`nullable`, `x-…`, `errorMessage`) and
  // formats ajv-formats lacks (`iri`); the meta-schema check still rejects malformed keywords.
  const options = {
    allErrors: true,
    strict: false,
    logger: false as const,
    code: { regExp: linearRegExp },
  };
  const uri = typeof dialect === "string" ? dialect : "";
  const ajv = uri.includes("2020-12")
    ? new Ajv2020(options)
    : uri.includes("2019-09")
      ? new Ajv2019(options)
      : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

function ajvIssues(errors: ErrorObject[], value: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const path = jsonPointerToIssuePath(error.instancePath, value);
    let message = error.message ?? `fails "${error.keyword}"`;
    // ajv reports a missing or extra key at the parent object; point at the key itself instead.
    if (error.keyword === "required" && typeof error.params.missingProperty === "string") {
      path.push(error.params.missingProperty);
      message = "is required but missing";
    } else if (
      error.keyword === "additionalProperties" &&
      typeof error.params.additionalProperty === "string"
    ) {
      path.push(error.params.additionalProperty);
      message = "is not a property the schema allows";
    }
    const key = JSON.stringify([path, message]);
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, message });
  }
  return issues;
}
