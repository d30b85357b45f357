import type { SchemaIssue } from "../../errors.js";
import type { JSONSchema } from "./json-schema.js";

/** Which kind of schema the caller passed to `extract`. */
export type SchemaKind = "zod3" | "zod4" | "json-schema" | "standard";

/** The outcome of validating a value against the caller's schema. */
export type SchemaValidation = { ok: true; value: unknown } | { ok: false; issues: SchemaIssue[] };

/**
 * The caller's schema in the one form the extract engine works with, whatever library it came from.
 */
export interface NormalizedSchema {
  /** The library the schema came from. */
  readonly kind: SchemaKind;
  /** The schema as JSON Schema (draft-07 for converted schemas; a caller's own JSON Schema as given). */
  readonly jsonSchema: JSONSchema;
  /**
   * Validates a value with the caller's own schema. On success `value` is what that schema returns, so
   * zod transforms and defaults are applied. Asynchronous because Standard Schema validators and zod
   * async refinements may be.
   */
  validate(value: unknown): Promise<SchemaValidation>;
}
