import { z } from "zod";

/** The public model settings: never the API key, only whether one is available. */
export const settingsSchema = z.object({
  model: z.string().min(1),
  baseURL: z.string().optional(),
  hasApiKey: z.boolean(),
});

/** Model settings. */
export const settingsMethods = {
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

/** Events of settings. */
export const settingsEvents = {} as const;
