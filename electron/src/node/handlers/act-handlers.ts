import { randomUUID } from "node:crypto";
import { ExtractTimeoutError } from "@loupe/core";
import { abortable, engineAct, noModelUsage, type ActedElement, type EngineUsage } from "@loupe/core/engine";
import type { ModelTranscript, StudioHandlers } from "../../common/studio-api.js";
import { StudioError } from "../../common/studio-error.js";
import { keepTranscript } from "../kept-transcript.js";
import type { RunControls } from "../run-controls.js";
import type { StudioContext } from "../studio-context.js";

type ActHandlers = Pick<StudioHandlers, "act.run" | "act.cancel">;

/**
 * One natural-language action on the active tab, kept in the history with the page after it. It runs
 * through core's engine on the client's sessions, as extract does: the engine reports this run's own
 * usage, so two runs at once never mix their tokens (the client's counters are shared by every run),
 * and its signal (Cancel, the timeout) aborts the model request and keeps the action from happening.
 * The element acted on stays highlighted in the live view until the tab navigates or a run starts.
 */
export function actHandlers(context: StudioContext, runs: RunControls): ActHandlers {
  return {
    "act.run": async (params) => {
      const timeout = params.options?.timeout;
      const page = context.tabs.active();
      const control = runs.begin(params.runId ?? randomUUID(), "act", timeout);
      void context.highlight.hide(); // a run starts on the page as it is, with no earlier highlight
      // Nor with the selector box's outlines, until the history's picture of the page is taken.
      const showOutlines = await context.outlines.hide();
      const started = new Date();
      const startedMs = performance.now();
      let usage: Omit<EngineUsage, "ms"> = noModelUsage(0);
      let transcript: ModelTranscript | undefined;
      let acted: ActedElement | undefined;
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
        input: {
          instruction: params.instruction,
          ...(variableNames.length ? { variableNames } : {}),
          ...(timeout !== undefined ? { options: { timeout } } : {}),
        },
        ...(variableNames.length ? {} : { page }),
      };
      try {
        // The session's redactor remembers the values, so every later prompt, result and snapshot view
        // shows them as their %name%.
        const { result } = await engineAct(
          params.instruction,
          {
            ...(params.variables ? { variables: params.variables } : {}),
            onElement: (element) => (acted = element),
          },
          {
            // Under the run's signal: attaching to a tab stuck in a script never ends, and Cancel and
            // the timeout must still answer.
            sessions: await abortable(context.sessionsFor(page), control.signal),
            model: context.modelConfiguration(),
            signal: control.signal,
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
        // Drawn after the history's picture of the page, which should show the page, not the Studio's
        // marks. An action that navigated or removed its element (a "Close" button) leaves nothing to
        // point at.
        const highlighted =
          result.success && acted && page.url() === report.url
            ? await context.highlight.showIfAttached(acted)
            : false;
        // The action may have navigated: tell the live view and the tabs.
        const info = await context.tabs.info(page);
        context.emit("session.pageChanged", info);
        return {
          ...result,
          page: info,
          metrics: done,
          historyId: record.id,
          ...(record.thumbnail ? { thumbnail: record.thumbnail } : {}),
          highlighted,
        };
      } catch (thrown) {
        const error = timedOut(thrown);
        await context.history.record({
          ...report,
          outcome: { ok: false, error },
          metrics: metrics(),
          ...(transcript ? { transcript } : {}),
        });
        throw error;
      } finally {
        control.end();
        showOutlines();
      }
    },
    // The engine performs no action once the signal fired, and one already performed makes the run
    // answer as done: so a run that rejects with this performed none.
    "act.cancel": async ({ runId }) => ({
      cancelled: runs.cancel(runId, "The act was cancelled before any action was performed."),
    }),
  };
}

/** The act's own words for its timeout: core's speaks of `selector`, which act has not. */
function timedOut(error: unknown): unknown {
  if (!(error instanceof ExtractTimeoutError)) return error;
  return new StudioError(
    "act_timeout",
    `The act did not finish within its timeout of ${error.timeoutMs} ms, so it was stopped before any ` +
      "action was performed. Raise the timeout or use a faster model.",
  );
}
