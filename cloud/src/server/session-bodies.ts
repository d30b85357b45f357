import { z } from "zod";
import { serviceError } from "./service-error.js";

/** `POST /v1/sessions`. */
export const CreateSessionBody = z
  .object({
    region: z.string().trim().min(1).optional(),
    browserSettings: z.object({ blockAds: z.boolean().optional() }).strict().optional(),
  })
  .strict();

const selectorString = z.string().trim().min(1);
/** A CDP target id, as Playwright's `CDPSession` reports it for a page (`Target.getTargetInfo`). */
const targetId = z.string().trim().min(1);
const timeout = z.number().positive().finite();

/** `POST /v1/sessions/:id/extract`: the page text, a free-text answer, or data shaped by a JSON Schema. */
export const ExtractBody = z
  .object({
    instruction: z.string().trim().min(1).optional(),
    schema: z.record(z.string(), z.unknown()).optional(),
    options: z
      .object({
        selector: selectorString.optional(),
        ignoreSelectors: z.array(selectorString).optional(),
        timeout: timeout.optional(),
        screenshot: z.boolean().optional(),
        serverCache: z.boolean().optional(),
        targetId: targetId.optional(),
        concurrency: z.number().int().min(1).max(32).optional(),
        itemKey: z.string().trim().min(1).max(200).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((body) => body.schema === undefined || body.instruction !== undefined, {
    message: "a schema needs an instruction: send { instruction, schema }",
    path: ["instruction"],
  });

/** `POST /v1/sessions/:id/act`. */
export const ActBody = z
  .object({
    instruction: z.string().trim().min(1),
    options: z
      .object({
        variables: z.record(z.string().regex(/^[A-Za-z_][\w-]*$/), z.string()).optional(),
        timeout: timeout.optional(),
        targetId: targetId.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/**
 * Parses a body with a schema; a body that does not fit is 400 `invalid_request` naming each field and
 * what is wrong with it.
 */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.join(".") : "the body";
    return `${path}: ${issue.message}`;
  });
  throw serviceError("invalid_request", `The body of ${what} is not valid: ${problems.join("; ")}.`);
}
