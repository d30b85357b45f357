import type { StudioHandlers } from "../../common/studio-api.js";
import { publicSettings } from "../studio-settings.js";
import type { StudioContext } from "../studio-context.js";

type SettingsHandlers = Pick<
  StudioHandlers,
  "settings.get" | "settings.set" | "settings.setApiKey" | "settings.deleteApiKey"
>;

/** The model settings; keys go into the key store and only `hasApiKey` and `keySource` come back. */
export function settingsHandlers(context: StudioContext): SettingsHandlers {
  const current = () => publicSettings(context.settings(), context.env, context.keys);
  return {
    "settings.get": async () => current(),
    "settings.set": async ({ model, baseURL }) => {
      const settings = context.settings();
      const nextBaseURL = baseURL === null ? undefined : (baseURL ?? settings.baseURL);
      context.setSettings({
        model: model ?? settings.model,
        ...(nextBaseURL ? { baseURL: nextBaseURL } : {}),
      });
      return current();
    },
    "settings.setApiKey": async ({ provider, apiKey }) => {
      await context.keys.set(provider, apiKey);
      return current();
    },
    "settings.deleteApiKey": async ({ provider }) => {
      await context.keys.delete(provider);
      return current();
    },
  };
}
