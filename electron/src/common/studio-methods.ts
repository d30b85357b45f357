import { z } from "zod";

/** A page (tab) id the service hands out; stable while the tab is open. */
export const pageIdSchema = z.string().min(1);

const url = z.url({ protocol: /^https?$/ });

/** One open tab. */
export const pageInfoSchema = z.object({
  pageId: pageIdSchema,
  url: z.string(),
  title: z.string(),
  active: z.boolean(),
});

/** What the extract panel can set per run (no `page`: the service reads the active tab). */
export const extractOptionsSchema = z.strictObject({
  model: z.string().min(1).optional(),
  timeout: z.number().int().positive().optional(),
  selector: z.string().min(1).optional(),
  ignoreSelectors: z.array(z.string().min(1)).optional(),
  screenshot: z.boolean().optional(),
});

/** Model work one run cost. */
export const runMetricsSchema = z.object({
  llmCalls: z.number().int().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  ms: z.number().nonnegative(),
});

const actActionSchema = z.object({
  elementId: z.string(),
  method: z.string(),
  arguments: z.array(z.string()),
  description: z.string(),
  selector: z.string(),
});

/** The public model settings: never the API key, only whether one is available. */
export const settingsSchema = z.object({
  model: z.string().min(1),
  baseURL: z.string().optional(),
  hasApiKey: z.boolean(),
});

/**
 * Every method of the Studio API: its params schema and its result schema. Both ends validate with
 * these, so the renderer, the transports and the service share one contract.
 */
export const studioMethods = {
  "session.open": {
    params: z.strictObject({ url }),
    result: pageInfoSchema,
  },
  "session.navigate": {
    params: z.strictObject({
      to: z.union([z.strictObject({ url }), z.enum(["back", "forward", "reload"])]),
    }),
    result: pageInfoSchema,
  },
  "session.pages": {
    params: z.strictObject({}),
    result: z.object({ pages: z.array(pageInfoSchema) }),
  },
  "session.activate": {
    params: z.strictObject({ pageId: pageIdSchema }),
    result: pageInfoSchema,
  },
  "snapshot.get": {
    params: z.strictObject({
      selector: z.string().min(1).optional(),
      ignoreSelectors: z.array(z.string().min(1)).optional(),
    }),
    result: z.object({
      text: z.string(),
      elementCount: z.number().int().nonnegative(),
      ms: z.number().nonnegative(),
    }),
  },
  "extract.run": {
    params: z.strictObject({
      /** Chosen by the caller so it can cancel the run before it answers. */
      runId: z.string().min(1),
      instruction: z.string().trim().min(1).optional(),
      schema: z
        .strictObject({ kind: z.literal("json"), value: z.record(z.string(), z.unknown()) })
        .optional(),
      options: extractOptionsSchema.optional(),
    }),
    result: z.object({ runId: z.string(), result: z.unknown(), metrics: runMetricsSchema }),
  },
  "extract.cancel": {
    params: z.strictObject({ runId: z.string().min(1) }),
    result: z.object({ cancelled: z.boolean() }),
  },
  "act.run": {
    params: z.strictObject({
      instruction: z.string().trim().min(1),
      variables: z.record(z.string(), z.string()).optional(),
    }),
    result: z.object({ success: z.boolean(), message: z.string(), action: actActionSchema.optional() }),
  },
  "fetch.run": {
    params: z.strictObject({
      url,
      format: z.enum(["raw", "json", "markdown"]).optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      proxies: z.boolean().optional(),
      allowRedirects: z.boolean().optional(),
      allowInsecureSsl: z.boolean().optional(),
    }),
    result: z.object({
      id: z.string(),
      content: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
      contentType: z.string(),
      encoding: z.enum(["utf-8", "base64"]),
      headers: z.record(z.string(), z.string()),
      statusCode: z.number().int(),
    }),
  },
  "settings.get": {
    params: z.strictObject({}),
    result: settingsSchema,
  },
  "settings.set": {
    params: z.strictObject({
      model: z
        .string()
        .regex(/^[a-z0-9-]+\/.+$/, "a model is provider/model")
        .optional(),
      /** null clears it. */
      baseURL: z.union([z.url(), z.null()]).optional(),
    }),
    result: settingsSchema,
  },
} as const;
