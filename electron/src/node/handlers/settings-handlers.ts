import type { StudioHandlers } from "../../common/studio-api.js";
import { publicSettings } from "../studio-settings.js";
import type { StudioContext } from "../studio-context.js";

type SettingsHandlers = Pick<StudioHandlers, "settings.get" | "settings.set">;

/** The model settings; the key stays in the environment and only `hasApiKey` is answered. */
export function settingsHandlers(context: StudioContext): SettingsHandlers {
  return {
    "settings.get": async () => publicSettings(context.settings(), context.env),
    "settings.set": async ({ model, baseURL }) => {
      const current = context.settings();
      const nextBaseURL = baseURL === null ? undefined : (baseURL ?? current.baseURL);
      context.setSettings({
        model: model ?? current.model,
        ...(nextBaseURL ? { baseURL: nextBaseURL } : {}),
      });
      return publicSettings(context.settings(), context.env);
    },
  };
}
