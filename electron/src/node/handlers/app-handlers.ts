import { createRequire } from "node:module";
import type { StudioHandlers } from "../../common/studio-api.js";
import type { StudioContext } from "../studio-context.js";

type AppHandlers = Pick<StudioHandlers, "app.info">;

/** The Studio's version, as its package says (shown in the UI's header). */
const STUDIO_VERSION = (createRequire(import.meta.url)("@loupe/studio/package.json") as { version: string })
  .version;

/** What the renderer asks first: where the demo is and which shell it runs in. */
export function appHandlers(context: StudioContext): AppHandlers {
  return {
    "app.info": async () => ({ demoUrl: context.demoUrl(), shell: context.shell, version: STUDIO_VERSION }),
  };
}
