import { z } from "zod";

/** A provider name as the first part of `provider/model`. */
const providerSchema = z.string().regex(/^[a-z0-9-]+$/, "a provider is lowercase letters, digits and dashes");

/** The public model settings: never the API key, only whether one is available and where it comes from. */
export const settingsSchema = z.object({
  model: z.string().min(1),
  /** The part of `model` before the slash. */
  provider: z.string(),
  baseURL: z.string().optional(),
  hasApiKey: z.boolean(),
  /**
   * `store`: kept by the Studio (the OS keychain); `environment`: from a variable the Studio started
   * with; `not_needed`: a local provider (ollama); `none`: runs that need the model will fail.
   */
  keySource: z.enum(["store", "environment", "not_needed", "none"]),
  /** The variables that may hold this provider's key, in the order they are read. */
  keyVariables: z.array(z.string()),
  /** Whether `settings.setApiKey` can keep a key (desktop keychain); false in web mode. */
  keysPersistent: z.boolean(),
  /** The model a run uses when none is chosen: core's default. */
  defaultModel: z.string(),
  /** Every provider of core's provider table, in its order: the names before the slash of a model. */
  providers: z.array(
    z.object({
      name: z.string(),
      /** The variables that may hold its key, in the order they are read; empty for a keyless one. */
      keyVariables: z.array(z.string()),
    }),
  ),
  /** Local OpenAI-compatible servers people run models on: a model and the server's usual address. */
  presets: z.array(z.object({ label: z.string(), model: z.string(), baseURL: z.string() })),
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
  /** Keeps a provider's key in the key store; refused with `keys_from_environment` in web mode. */
  "settings.setApiKey": {
    params: z.strictObject({ provider: providerSchema, apiKey: z.string().trim().min(1) }),
    result: settingsSchema,
  },
  /** Forgets a provider's stored key; refused with `keys_from_environment` in web mode. */
  "settings.deleteApiKey": {
    params: z.strictObject({ provider: providerSchema }),
    result: settingsSchema,
  },
} as const;

/** Events of settings. */
export const settingsEvents = {} as const;
