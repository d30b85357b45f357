import { z } from "zod";
import { jsonSchemaObject } from "./json-values.js";

/** `POST /v1/sessions`. */
export const createSessionBodySchema = z.strictObject({
  /** Where the browser runs; the service reports the region it used. */
  region: z.string().trim().min(1).optional(),
  browserSettings: z
    .strictObject({
      /** Block ad and tracker requests from the service's bundled list. */
      blockAds: z.boolean().optional(),
    })
    .optional(),
});

/** Why a session ended. */
export const END_REASONS = [
  "closed",
  "idle_timeout",
  "browser_crashed",
  "key_revoked",
  "server_shutdown",
] as const;

/** A session as `POST /v1/sessions`, `GET` and `DELETE /v1/sessions/:id` describe it. */
export const sessionInfoSchema = z.looseObject({
  id: z.string().min(1),
  /** The CDP browser websocket, proxied by the service; it admits only the session's project's key. */
  connectUrl: z.string().min(1),
  region: z.string(),
  createdAt: z.string(),
  status: z.enum(["RUNNING", "ENDED"]).optional(),
  endedAt: z.string().optional(),
  endReason: z.enum(END_REASONS).optional(),
});

const selectorString = z.string().trim().min(1);
/** A CDP target id, as Playwright's `CDPSession` reports it for a page (`Target.getTargetInfo`). */
const targetId = z.string().trim().min(1);
const timeout = z.number().positive().finite();

/** `POST /v1/sessions/:id/extract`'s options: what LOCAL's ExtractOptions mean, on the page `targetId`. */
export const extractOptionsSchema = z.strictObject({
  selector: selectorString.optional(),
  ignoreSelectors: z.array(selectorString).optional(),
  timeout: timeout.optional(),
  screenshot: z.boolean().optional(),
  serverCache: z.boolean().optional(),
  targetId: targetId.optional(),
  concurrency: z.number().int().min(1).max(32).optional(),
  itemKey: z.string().trim().min(1).max(200).optional(),
});

/** `POST /v1/sessions/:id/extract`: the page text, a free-text answer, or data shaped by a JSON Schema. */
export const extractBodySchema = z
  .strictObject({
    instruction: z.string().trim().min(1).optional(),
    schema: jsonSchemaObject.optional(),
    options: extractOptionsSchema.optional(),
  })
  .refine((body) => body.schema === undefined || body.instruction !== undefined, {
    message: "a schema needs an instruction: send { instruction, schema }",
    path: ["instruction"],
  });

/** A checked extract body. */
export type ExtractBody = z.infer<typeof extractBodySchema>;

/** `POST /v1/sessions/:id/act`. */
export const actBodySchema = z.strictObject({
  instruction: z.string().trim().min(1),
  options: z
    .strictObject({
      variables: z.record(z.string().regex(/^[A-Za-z_][\w-]*$/), z.string()).optional(),
      timeout: timeout.optional(),
      targetId: targetId.optional(),
    })
    .optional(),
});

/** A checked act body. */
export type ActBody = z.infer<typeof actBodySchema>;

/** What an operation cost on the service. */
export const serverUsageSchema = z.object({
  llmCalls: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** Milliseconds the service spent on the operation. */
  ms: z.number().nonnegative(),
});

/** What the service reports an operation cost on its side. */
export type ServerUsage = z.infer<typeof serverUsageSchema>;

/** `POST /v1/sessions/:id/extract`'s answer: the result, the cache's verdict, the cost. */
export const extractAnswerSchema = z.object({
  /** `{ pageText }`, `{ extraction }`, or the value the schema shaped. */
  result: z.unknown(),
  /** Only for instruction forms with the cache in use. */
  cacheStatus: z.enum(["HIT", "MISS"]).optional(),
  usage: serverUsageSchema,
});

/** One action `act` performed. */
export const actActionSchema = z.looseObject({
  /** The element's id in the snapshot, like `0-12`. */
  elementId: z.string(),
  selector: z.string(),
  description: z.string(),
  method: z.string(),
  arguments: z.array(z.string()),
});

/** `POST /v1/sessions/:id/act`'s answer. */
export const actAnswerSchema = z.object({
  result: z.looseObject({
    success: z.boolean(),
    message: z.string(),
    action: actActionSchema.optional(),
  }),
  usage: serverUsageSchema,
});
