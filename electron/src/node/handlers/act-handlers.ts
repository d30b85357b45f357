import type { ClientMetrics } from "@loupe/core";
import type { StudioHandlers } from "../../common/studio-api.js";
import type { StudioContext } from "../studio-context.js";

type ActHandlers = Pick<StudioHandlers, "act.run">;

/** One natural-language action on the active tab, kept in the history with the page after it. */
export function actHandlers(context: StudioContext): ActHandlers {
  return {
    "act.run": async (params) => {
      const client = context.client();
      const page = context.tabs.active();
      const started = new Date();
      const before = client.metrics;
      // The page it ran on (before the action), so a rerun starts from the same place. The history keeps
      // the variables' names, never their values (a rerun asks the form for them), and no picture of a
      // page that may show one of them.
      const variableNames = Object.keys(params.variables ?? {});
      context.secrets().remember(params.variables);
      const report = {
        kind: "act" as const,
        started,
        url: page.url(),
        input: { instruction: params.instruction, ...(variableNames.length ? { variableNames } : {}) },
        ...(variableNames.length ? {} : { page }),
      };
      try {
        const result = await client.act(params.instruction, {
          page,
          model: context.modelConfiguration(),
          ...(params.variables ? { variables: params.variables } : {}),
        });
        const metrics = { ...actCost(before, client.metrics), ms: Date.now() - started.getTime() };
        const record = await context.history.record({
          ...report,
          outcome: { ok: true, output: result },
          metrics,
        });
        // The action may have navigated: tell the live view and the tabs.
        const info = await context.tabs.info(page);
        context.emit("session.pageChanged", info);
        return {
          ...result,
          page: info,
          metrics,
          historyId: record.id,
          ...(record.thumbnail ? { thumbnail: record.thumbnail } : {}),
        };
      } catch (error) {
        const metrics = { ...actCost(before, client.metrics), ms: Date.now() - started.getTime() };
        await context.history.record({ ...report, outcome: { ok: false, error }, metrics });
        throw error;
      }
    },
  };
}

/** Model work of act between two metrics snapshots. */
function actCost(before: ClientMetrics, after: ClientMetrics) {
  return {
    llmCalls: after.act.llmCalls - before.act.llmCalls,
    inputTokens: after.act.inputTokens - before.act.inputTokens,
    outputTokens: after.act.outputTokens - before.act.outputTokens,
  };
}
