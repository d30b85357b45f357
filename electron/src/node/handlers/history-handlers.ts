import type { StudioHandlers } from "../../common/studio-api.js";
import type { StudioContext } from "../studio-context.js";

type HistoryHandlers = Pick<StudioHandlers, "history.list">;

/** The runs of this launch. */
export function historyHandlers(context: StudioContext): HistoryHandlers {
  return {
    "history.list": async () => ({ runs: context.history.list() }),
  };
}
