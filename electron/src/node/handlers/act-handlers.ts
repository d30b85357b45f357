import type { StudioHandlers } from "../../common/studio-api.js";
import type { StudioContext } from "../studio-context.js";

type ActHandlers = Pick<StudioHandlers, "act.run">;

/** One natural-language action on the active tab. */
export function actHandlers(context: StudioContext): ActHandlers {
  return {
    "act.run": async ({ instruction, variables }) =>
      context.client().act(instruction, {
        page: context.tabs.active(),
        model: context.modelConfiguration(),
        ...(variables ? { variables } : {}),
      }),
  };
}
