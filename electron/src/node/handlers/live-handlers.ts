import type { StudioHandlers } from "../../common/studio-api.js";
import type { StudioContext } from "../studio-context.js";

type LiveHandlers = Pick<StudioHandlers, never>;

/** The live view and the element picker. */
export function liveHandlers(_context: StudioContext): LiveHandlers {
  return {};
}
