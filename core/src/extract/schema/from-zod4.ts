/**
 * zod 4 schemas (classic `zod` / `zod/v4` and `zod/mini`). Both share `zod/v4/core`, whose
 * `toJSONSchema` and `safeParseAsync` take any of them, so no method of the classic API is assumed.
 */
import { safeParseAsync, toJSONSchema, type $ZodType } from "zod/v4/core";
import { ClientError } from "../../errors.js";
import { isPlainObject, type JSONSchema } from "./json-schema.js";
import { toIssuePath } from "./issue-path.js";
import type { NormalizedSchema } from "./normalized-schema.js";

/**
 * Whether `value` is a zod 4 schema (it has the `_zod` internals every zod 4 schema carries).
 *
 * @param value - Anything the caller passed as a schema.
 */
export function isZod4Schema(value: unknown): value is $ZodType {
  if (typeof value !== "object" || value === null) return false;
  const internals = (value as { _zod?: unknown })._zod;
  return typeof internals === "object" && internals !== null && "def" in internals;
}

/**
 * Normalises a zod 4 schema: JSON Schema from `toJSONSchema` (draft-07, the *input* side, because the
 * model writes what the schema parses, before transforms), validation with the caller's schema.
 *
 * @param schema - The caller's zod 4 schema.
 */
export function normalizeZod4Schema(schema: $ZodType): NormalizedSchema {
  let converted: unknown;
  try {
    converted = toJSONSchema(schema, { target: "draft-07", io: "input" });
  } catch (cause) {
    // zod throws for types JSON cannot carry (z.date(), z.bigint(), z.map(), custom…); say what to do.
    throw new ClientError(
      `The zod 4 schema cannot be turned into JSON Schema for the model (${cause instanceof Error ? cause.message : String(cause)}). ` +
        `Use types JSON can carry: objects, arrays, strings, numbers, booleans, enums and null; ` +
        `turn other types into them with z.string().transform(...) or z.coerce.`,
      { cause },
    );
  }
  if (!isPlainObject(converted)) {
    throw new ClientError(
      "The zod 4 schema did not convert to a JSON Schema object; pass a JSON Schema instead.",
    );
  }
  const jsonSchema: JSONSchema = converted;
  return {
    kind: "zod4",
    jsonSchema,
    async validate(value) {
      const result = await safeParseAsync(schema, value);
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
