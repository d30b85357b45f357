/**
 * Plain JSON Schema objects: a schema from outside (an HTTP body, a workspace file, a caller's object),
 * so it is held to SCHEMA_LIMITS before anything else, then compiled and applied in the schema worker
 * (json-schema-validator.ts), never on the caller's thread.
 */
import { ClientError } from "../../errors.js";
import { schemaLimitProblem } from "./check-schema-limits.js";
import type { JSONSchema } from "./json-schema.js";
import { compileJsonSchema, validateWithJsonSchema } from "./json-schema-validator.js";
import type { NormalizedSchema } from "./normalized-schema.js";

/**
 * Normalises a plain JSON Schema object: the schema is used as given (draft-07, 2019-09 or 2020-12,
 * chosen by its `$schema`), validation runs the ajv-compiled schema and returns the value unchanged.
 *
 * @param schema - The caller's JSON Schema object. It is not modified.
 * @throws ClientError when the schema breaks a limit or is not a valid JSON Schema.
 */
export async function normalizeJsonSchema(schema: JSONSchema): Promise<NormalizedSchema> {
  const problem = schemaLimitProblem(schema);
  if (problem) throw new ClientError(problem);
  const json = JSON.stringify(schema);
  await compileJsonSchema(json);
  return {
    kind: "json-schema",
    jsonSchema: schema,
    validate: (value) => validateWithJsonSchema(json, value),
  };
}
