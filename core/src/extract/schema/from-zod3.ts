/**
 * zod 3 schemas (from `zod@3` or `zod/v3`). zod 3 has no JSON Schema export of its own; the AI SDK's
 * `zodSchema` carries a port of zod-to-json-schema, so Loupe uses that rather than a second converter.
 */
import { zodSchema } from "ai";
import type * as z3 from "zod/v3";
import { ClientError } from "../../errors.js";
import { isPlainObject, type JSONSchema } from "./json-schema.js";
import { toIssuePath } from "./issue-path.js";
import type { NormalizedSchema } from "./normalized-schema.js";

/**
 * Whether `value` is a zod 3 schema. zod 4 classic schemas also carry `_def`, so `_zod` (zod 4 only)
 * must be absent.
 *
 * @param value - Anything the caller passed as a schema.
 */
export function isZod3Schema(value: unknown): value is z3.ZodTypeAny {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return "_def" in candidate && !("_zod" in candidate) && typeof candidate.safeParseAsync === "function";
}

/**
 * Normalises a zod 3 schema: JSON Schema (draft-07) from the AI SDK's `zodSchema(...).jsonSchema`,
 * validation with the caller's own `safeParseAsync`, so transforms and defaults shape the result.
 *
 * @param schema - The caller's zod 3 schema.
 */
export function normalizeZod3Schema(schema: z3.ZodTypeAny): NormalizedSchema {
  let converted: unknown;
  try {
    converted = zodSchema(schema).jsonSchema;
  } catch (cause) {
    throw new ClientError(
      `The zod 3 schema cannot be turned into JSON Schema for the model (${String(cause)}). ` +
        `Use types JSON can carry: objects, arrays, strings, numbers, booleans, enums and null.`,
      { cause },
    );
  }
  // The converter is synchronous for zod; a promise here would mean the AI SDK changed underneath us.
  if (!isPlainObject(converted)) {
    throw new ClientError(
      "The zod 3 schema did not convert to a JSON Schema object; pass a JSON Schema instead.",
    );
  }
  const jsonSchema: JSONSchema = converted;
  return {
    kind: "zod3",
    jsonSchema,
    async validate(value) {
      const result = await schema.safeParseAsync(value);
      if (result.success) return { ok: true, value: result.data };
      return {
        ok: false,
        issues: result.error.issues.map((issue) => ({
          path: toIssuePath(issue.path),
          message: issue.message,
        })),
      };
    },
  };
}
