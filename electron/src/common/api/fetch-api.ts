import { z } from "zod";
import { httpUrlSchema } from "./shared-schemas.js";

/** A URL fetched through the embedded Loupe Cloud (no browser). */
export const fetchMethods = {
  "fetch.run": {
    params: z.strictObject({
      url: httpUrlSchema,
      format: z.enum(["raw", "json", "markdown"]).optional(),
      /** The JSON Schema for `format: "json"`. */
      schema: z.record(z.string(), z.unknown()).optional(),
      proxies: z.boolean().optional(),
      allowRedirects: z.boolean().optional(),
      allowInsecureSsl: z.boolean().optional(),
    }),
    result: z.object({
      /** The cloud's id of the fetch. */
      id: z.string(),
      content: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
      contentType: z.string(),
      encoding: z.enum(["utf-8", "base64"]),
      headers: z.record(z.string(), z.string()),
      statusCode: z.number().int(),
      /** Wall-clock milliseconds of the fetch. */
      ms: z.number().nonnegative(),
      /** The id of this run in the history. */
      historyId: z.string(),
    }),
  },
} as const;

/** Events of fetch. */
export const fetchEvents = {} as const;
