/**
 * Plain JSON Schema objects, validated with ajv (+ ajv-formats). Compiling is the expensive part, so
 * each schema object is compiled once and remembered by identity; each gets its own ajv instance,
 * because an instance keeps every schema it compiled (a leak when callers build schemas per call) and
 * refuses a second schema with an `$id` it has already seen.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { SchemaIssue } from "../../errors.js";
import { ClientError } from "../../errors.js";
import type { JSONSchema } from "./json-schema.js";
import { jsonPointerToIssuePath } from "./issue-path.js";
import type { NormalizedSchema } from "./normalized-schema.js";

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule.default;

const compiled = new WeakMap<JSONSchema, ValidateFunction>();

/**
 * Normalises a plain JSON Schema object: the schema is used as given (draft-07, 2019-09 or 2020-12,
 * chosen by its `$schema`), validation runs the ajv-compiled schema and returns the value unchanged.
 *
 * @param schema - The caller's JSON Schema object. It is not modified.
 * @throws ClientError when the object is not a valid JSON Schema.
 */
export function normalizeJsonSchema(schema: JSONSchema): NormalizedSchema {
  const validateFn = compileOnce(schema);
  return {
    kind: "json-schema",
    jsonSchema: schema,
    async validate(value) {
      if (validateFn(value)) return { ok: true, value };
      return { ok: false, issues: ajvIssues(validateFn.errors ?? [], value) };
    },
  };
}

function compileOnce(schema: JSONSchema): ValidateFunction {
  const cached = compiled.get(schema);
  if (cached) return cached;
  const ajv = createAjv(schema.$schema);
  let validateFn: ValidateFunction;
  try {
    validateFn = ajv.compile(schema);
  } catch (cause) {
    throw new ClientError(
      `The schema is not a valid JSON Schema: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        `Fix the schema (draft-07 or 2020-12; every $ref must point inside the schema), or pass a zod schema.`,
      { cause },
    );
  }
  compiled.set(schema, validateFn);
  return validateFn;
}

function createAjv(dialect: unknown): Ajv {
  // strict: false because real schemas carry vendor keywords (`nullable`, `x-…`, `errorMessage`) and
  // formats ajv-formats lacks (`iri`); the meta-schema check still rejects malformed keywords.
  const options = { allErrors: true, strict: false, logger: false as const };
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
