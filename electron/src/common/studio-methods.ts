import { appMethods } from "./api/app-api.js";
import { actMethods } from "./api/act-api.js";
import { browseMethods } from "./api/browse-api.js";
import { extractMethods } from "./api/extract-api.js";
import { historyMethods } from "./api/history-api.js";
import { liveMethods } from "./api/live-api.js";
import { selectorMethods } from "./api/selector-api.js";
import { fetchMethods } from "./api/fetch-api.js";
import { settingsMethods } from "./api/settings-api.js";

/**
 * Every method of the Studio API: its params schema and its result schema. Both ends validate with
 * these, so the renderer, the transports and the service share one contract. Each area of the Studio
 * declares its methods in its own file under `api/`.
 */
export const studioMethods = {
  ...appMethods,
  ...browseMethods,
  ...liveMethods,
  ...selectorMethods,
  ...extractMethods,
  ...actMethods,
  ...fetchMethods,
  ...settingsMethods,
  ...historyMethods,
} as const;
