import { engineAct, noModelUsage, type EngineUsage } from "@loupe/core/engine";
import type { ModelTranscript, StudioHandlers } from "../../common/studio-api.js";
import { keepTranscript } from "../kept-transcript.js";
import type { StudioContext } from "../studio-context.js";

type ActHandlers = Pick<StudioHandlers, "act.run">;

/**
 * One natural-language action on the active tab, kept in the history with the page after it. It runs
 * through core's engine on the client's sessions, as extract does: the engine reports this run's own
 * usage, so two runs at once never mix their tokens (the client's counters are shared by every run).
 */
export function actHandlers(context: StudioContext): ActHandlers {
  return {
    "act.run": async (params) => {
      const page = context.tabs.active();
      const started = new Date();
      const startedMs = performance.now();
      let usage: Omit<EngineUsage, "ms"> = noModelUsage(0);
      let transcript: ModelTranscript | undefined;
      const metrics = () => ({
        llmCalls: usage.llmCalls,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        ms: performance.now() - startedMs,
      });
      // The page it ran on (before the action), so a rerun starts from the same place. The history keeps
      // the variables' names, never their values (a rerun asks the form for them), and no picture of a
      // page that may show one of them.
      const variableNames = Object.keys(params.variables ?? {});
      const report = {
        kind: "act" as const,
        started,
        url: page.url(),
        input: { instruction: params.instruction, ...(variableNames.length ? { variableNames } : {}) },
        ...(variableNames.length ? {} : { page }),
      };
      try {
        // The session's redactor remembers the values, so every later prompt, result and snapshot view
        // shows them as their %name%.
        const { result } = await engineAct(
          params.instruction,
          params.variables ? { variables: params.variables } : {},
          {
            sessions: await context.sessionsFor(page),
            model: context.modelConfiguration(),
            signal: new AbortController().signal,
            secrets: context.secrets(),
            onUsage: (spent) => (usage = spent),
            onTranscript: (calls) => (transcript = keepTranscript(calls)),
          },
        );
        const done = metrics();
        const record = await context.history.record({
          ...report,
          outcome: { ok: true, output: result },
          metrics: done,
          ...(transcript ? { transcript } : {}),
        });
        // The action may have navigated: tell the live view and the tabs.
        const info = await context.tabs.info(page);
        context.emit("session.pageChanged", info);
        return {
          ...result,
          page: info,
          metrics: done,
          historyId: record.id,
          ...(record.thumbnail ? { thumbnail: record.thumbnail } : {}),
        };
      } catch (error) {
        await context.history.record({
          ...report,
          outcome: { ok: false, error },
          metrics: metrics(),
          ...(transcript ? { transcript } : {}),
        });
        throw error;
      }
    },
  };
}
