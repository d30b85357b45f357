/**
 * Standard Schema objects (valibot, arktype, effect…): validation through `~standard.validate`, and
 * JSON Schema through `~standard.jsonSchema` as the Standard JSON Schema proposal defines it. The
 * interfaces are written out here rather than imported, so `@loupe/core` depends on no spec package.
 */
import { ClientError } from "../../errors.js";
import { isPlainObject, type JSONSchema } from "./json-schema.js";
import { toIssuePath } from "./issue-path.js";
import type { NormalizedSchema } from "./normalized-schema.js";

type StandardResult =
  | { readonly value: unknown; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<unknown> }> };

/** The part of a Standard Schema (v1) with Standard JSON Schema that Loupe reads. */
export interface StandardSchemaLike {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult | Promise<StandardResult>;
    readonly jsonSchema?: {
      readonly input: (options: { target: string }) => Record<string, unknown>;
    };
  };
}

/**
 * Whether `value` implements Standard Schema v1 (a `~standard` property with a `validate` function).
 *
 * @param value - Anything the caller passed as a schema.
 */
export function isStandardSchema(value: unknown): value is StandardSchemaLike {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  const props = (value as { "~standard"?: unknown })["~standard"];
  return (
    typeof props === "object" &&
    props !== null &&
    typeof (props as { validate?: unknown }).validate === "function"
  );
}

// Both targets are ones the proposal "strongly recommends"; draft-07 first, to match the zod paths.
const TARGETS = ["draft-07", "draft-2020-12"] as const;

/**
 * Normalises a Standard Schema: JSON Schema from `~standard.jsonSchema.input(...)` (the input side,
 * because the model writes what the schema parses), validation with `~standard.validate`.
 *
 * @param schema - The caller's Standard Schema object.
 * @throws ClientError when the schema offers no JSON Schema, or its converter fails for every target.
 */
export function normalizeStandardSchema(schema: StandardSchemaLike): NormalizedSchema {
  const props = schema["~standard"];
  const converter = props.jsonSchema;
  if (!converter || typeof converter.input !== "function") {
    throw new ClientError(
      `This Standard Schema (vendor "${props.vendor}") cannot give a JSON Schema: it has no ` +
        `\`~standard.jsonSchema\` (the Standard JSON Schema interface), and the model needs one. Use a ` +
        `version of the library that implements it, or pass a zod schema or a JSON Schema object instead.`,
    );
  }
  let jsonSchema: JSONSchema | undefined;
  const failures: string[] = [];
  for (const target of TARGETS) {
    try {
      const converted: unknown = converter.input({ target });
      if (isPlainObject(converted)) {
        jsonSchema = converted;
        break;
      }
      failures.push(`${target}: not an object`);
    } catch (cause) {
      failures.push(`${target}: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  }
  if (!jsonSchema) {
    throw new ClientError(
      `This Standard Schema (vendor "${props.vendor}") cannot give a JSON Schema (${failures.join("; ")}). ` +
        `Pass a zod schema or a JSON Schema object instead.`,
    );
  }
  return {
    kind: "standard",
    jsonSchema,
    async validate(value) {
      const result = await props.validate(value);
      if (!result.issues) return { ok: true, value: result.value };
      return {
        ok: false,
        issues: result.issues.map((issue) => ({ path: toIssuePath(issue.path), message: issue.message })),
      };
    },
  };
}
