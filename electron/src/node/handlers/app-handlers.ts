import type { StudioHandlers } from "../../common/studio-api.js";
import type { StudioContext } from "../studio-context.js";

type AppHandlers = Pick<StudioHandlers, "app.info">;

/** What the renderer asks first: where the demo is and which shell it runs in. */
export function appHandlers(context: StudioContext): AppHandlers {
  return {
    "app.info": async () => ({ demoUrl: context.demoUrl(), shell: context.shell, version: STUDIO_VERSION }),
  };
}

/** The Studio's version, shown in the UI and in exported snippets' comments. */
export const STUDIO_VERSION = "0.1.0";
