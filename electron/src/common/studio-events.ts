import { appEvents } from "./api/app-api.js";
import { actEvents } from "./api/act-api.js";
import { browseEvents } from "./api/browse-api.js";
import { extractEvents } from "./api/extract-api.js";
import { historyEvents } from "./api/history-api.js";
import { liveEvents } from "./api/live-api.js";
import { selectorEvents } from "./api/selector-api.js";
import { fetchEvents } from "./api/fetch-api.js";
import { settingsEvents } from "./api/settings-api.js";

/** Every event the service pushes to the renderer, with its payload schema (declared per area in `api/`). */
export const studioEvents = {
  ...appEvents,
  ...browseEvents,
  ...liveEvents,
  ...selectorEvents,
  ...extractEvents,
  ...actEvents,
  ...fetchEvents,
  ...settingsEvents,
  ...historyEvents,
} as const;
