/**
 * The caller's schema in extract: normalising it, the schema the model answers against, link-id
 * substitution in URL fields, and the repair list.
 */
export type { JSONSchema } from "./json-schema.js";
export type { NormalizedSchema, SchemaKind, SchemaValidation } from "./normalized-schema.js";
export { normalizeSchema } from "./normalize-schema.js";
export { itemKeyPath, schemaItemKeys } from "./item-keys.js";
export {
  buildModelFacingSchema,
  unwrapModelValue,
  LINK_ID_DESCRIPTION,
  LINK_ID_PATTERN,
  WRAPPER_KEY,
  type ModelFacingSchema,
} from "./model-facing-schema.js";
export { formatUrlFieldPath, type UrlFieldPath, type UrlPathStep } from "./url-field-paths.js";
export {
  substituteLinkIds,
  type LinkSubstitutionInput,
  type LinkSubstitutionResult,
} from "./link-substitution.js";
export { formatRepairIssues } from "./repair-issues.js";
export { formatIssuePath } from "./issue-path.js";
