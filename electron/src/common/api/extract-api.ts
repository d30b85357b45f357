import { z } from "zod";
import { studioIssueSchema } from "../studio-error.js";
import { runIdSchema, runMetricsSchema, runTimeoutSchema } from "./shared-schemas.js";

/** What the extract panel can set per run (no `page`: the service reads the active tab). */
export const extractOptionsSchema = z.strictObject({
  model: z.string().min(1).optional(),
  timeout: runTimeoutSchema.optional(),
  selector: z.string().min(1).optional(),
  ignoreSelectors: z.array(z.string().min(1)).optional(),
  screenshot: z.boolean().optional(),
});

/** One problem in a zod schema's source, 1-based, placed when it has a place (Monaco marker data). */
export const sourceIssueSchema = z.object({
  message: z.string(),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  endLine: z.number().int().positive().optional(),
  endColumn: z.number().int().positive().optional(),
});

/** A schema as the extract panel sends it: JSON Schema as is, or zod source the service evaluates. */
export const extractSchemaSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("json"), value: z.record(z.string(), z.unknown()) }),
  z.strictObject({ kind: z.literal("zod"), source: z.string().min(1).max(100_000) }),
]);

/** Extraction runs, and zod schema sources evaluated in the service's sandbox. */
export const extractMethods = {
  "extract.run": {
    params: z.strictObject({
      /** Chosen by the caller so it can cancel the run before it answers. */
      runId: runIdSchema,
      instruction: z.string().trim().min(1).optional(),
      schema: extractSchemaSchema.optional(),
      options: extractOptionsSchema.optional(),
    }),
    result: z.object({
      runId: z.string(),
      /** The tab the data came from, and its address when the run read it. */
      pageId: z.string(),
      url: z.string(),
      /** The data; when `validationIssues` is set, the value the model produced that missed the schema. */
      result: z.unknown(),
      metrics: runMetricsSchema,
      /** Where the data missed the schema after the repair turn (core's `SchemaValidationError`). */
      validationIssues: z.array(studioIssueSchema).optional(),
    }),
  },
  "extract.cancel": {
    params: z.strictObject({ runId: runIdSchema }),
    result: z.object({ cancelled: z.boolean() }),
  },
  /**
   * Evaluates zod source (TypeScript; `z` in scope; the schema is `const schema = …`, `export default …`
   * or the last expression) in an isolated context with a time limit, into draft-07 JSON Schema.
   */
  "schema.evaluate": {
    params: z.strictObject({ source: z.string().max(100_000) }),
    result: z.discriminatedUnion("ok", [
      z.object({ ok: z.literal(true), jsonSchema: z.record(z.string(), z.unknown()) }),
      z.object({ ok: z.literal(false), issues: z.array(sourceIssueSchema) }),
    ]),
  },
} as const;

/** Events of runs. */
export const extractEvents = {
  /** Where a long run (extract, act) is. */
  "run.progress": z.object({
    runId: z.string(),
    /** `part`: a page longer than the model's input budget is asked about in parts; one more is answered. */
    stage: z.enum(["started", "part", "finished", "failed", "cancelled"]),
    ms: z.number().nonnegative().optional(),
    /** With `part`: how many parts the page was split into, and how many are answered. */
    parts: z.number().int().positive().optional(),
    done: z.number().int().nonnegative().optional(),
    /** With `part` and a schema: the data merged from the parts answered so far. */
    partial: z.unknown().optional(),
  }),
} as const;
