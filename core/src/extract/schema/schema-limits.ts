/**
 * The limits on a JSON Schema from outside (an HTTP body, a `cloud.fetch` request, a workspace file, a
 * plain object given to `extract`): one table for every place a schema comes in. A schema is a few
 * kilobytes of fields; one that is a megabyte of properties, a chain of `$ref`s that doubles at every
 * step, or a regular expression that backtracks is an attack on the process that reads it.
 *
 * The figures are documented in README.md and SECURITY.md; change them there too.
 */

/** The limits, checked by `schemaLimitProblem` before any compile (and by the regex engine). */
export const SCHEMA_LIMITS = {
  /** Bytes of the schema as JSON (UTF-8). */
  bytes: 262_144,
  /** Levels of objects and arrays nested in one another. */
  depth: 64,
  /** Entries of every `properties` and `patternProperties` in the schema, `$defs` included. */
  properties: 1_000,
  /**
   * Subschemas reached from the top with every `$ref` followed (a recursive `$ref` counts once): what
   * validating one value can visit, so a small schema whose references branch at every step stays small.
   */
  reachedSubschemas: 10_000,
  /** Subschemas inside one another along one path, with every `$ref` followed (a chain of references). */
  reachedDepth: 128,
  /** Members of every `enum`, plus one for each `const`. */
  enumValues: 2_000,
  /** Members of one `anyOf`, `oneOf` or `allOf`. */
  unionMembers: 100,
  /** Characters of one regular expression (`pattern`, a `patternProperties` key). */
  patternLength: 1_000,
  /** Instructions of one regular expression compiled for the linear-time engine (RE2's program size). */
  patternProgram: 10_000,
} as const;
