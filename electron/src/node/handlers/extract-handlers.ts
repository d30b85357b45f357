import { ExtractTimeoutError, SchemaValidationError } from "@loupe/core";
import { beginEngineExtract, noModelUsage, type EngineUsage } from "@loupe/core/engine";
import type {
  ModelTranscript,
  StudioHandlers,
  StudioParsedParams,
  StudioResult,
} from "../../common/studio-api.js";
import { StudioError } from "../../common/studio-error.js";
import { pageLoaded } from "../page-loaded.js";
import type { RunControls } from "../run-controls.js";
import { SchemaSandbox } from "../schema-sandbox/schema-sandbox.js";
import type { SourceIssue } from "../schema-sandbox/sandbox-result.js";
import type { StudioContext } from "../studio-context.js";
import { keepTranscript } from "../kept-transcript.js";
import { settledWithin } from "../settled-within.js";

/** How long a cancelled run's record waits for the engine to report what the model saw. */
const UNWIND_WAIT_MS = 2_000;

type ExtractHandlers = Pick<StudioHandlers, "extract.run" | "extract.cancel" | "schema.evaluate">;

/**
 * Extract runs, each cancellable by the id its caller chose, and zod sources evaluated in the sandbox
 * (one warm worker per service, started on first use). Runs go through core's engine on the Studio's
 * own CDP sessions rather than `Client.extract`: the engine takes an AbortSignal (Cancel really stops
 * the model request) and reports each run's own usage, so concurrent runs never mix their metrics.
 */
export function extractHandlers(
  context: StudioContext,
  runs: RunControls,
  sandbox: SchemaSandbox = new SchemaSandbox(),
): ExtractHandlers {
  return {
    "extract.run": (params) => extractRun(context, runs, sandbox, params),
    "extract.cancel": async ({ runId }) => ({
      cancelled: runs.cancel(runId, `Run "${runId}" was cancelled.`),
    }),
    "schema.evaluate": ({ source }) => sandbox.evaluate(source),
  };
}

async function extractRun(
  context: StudioContext,
  runs: RunControls,
  sandbox: SchemaSandbox,
  params: StudioParsedParams<"extract.run">,
): Promise<StudioResult<"extract.run">> {
  const { runId, instruction, schema, options = {} } = params;
  if (schema && !instruction)
    throw new StudioError("invalid_params", "A schema needs an instruction.", [
      { path: ["instruction"], message: "required with schema" },
    ]);
  const page = context.tabs.active();
  // One signal stops everything a run does: Cancel and the timeout abort the page reading and the
  // model request in flight, so a cancelled run costs no further tokens.
  const control = runs.begin(runId, "extract", options.timeout);
  const { signal } = control;
  void context.highlight.hide(); // a run starts on the page as it is, with no earlier highlight
  // Nor with the selector box's outlines, until the history's picture of the page is taken.
  const showOutlines = await context.outlines.hide();
  const source = { pageId: context.tabs.track(page), url: page.url() };
  const started = new Date();
  const startedMs = performance.now();
  let usage: Omit<EngineUsage, "ms"> = noModelUsage(0);
  let transcript: ModelTranscript | undefined;
  const metrics = () => ({ ...usage, ms: performance.now() - startedMs });
  // Settles when the engine has unwound: a cancelled or timed-out run answers at once, but what the
  // model saw is reported only after the aborted request ends, so its record waits (briefly) for that.
  let unwound: Promise<unknown> = Promise.resolve();
  const record = (outcome: { ok: true; output: unknown } | { ok: false; error: unknown }) => {
    const ms = performance.now() - startedMs;
    // Fire and forget: the thumbnail takes a screenshot, and the answer should not wait for it.
    void settledWithin(unwound, UNWIND_WAIT_MS)
      .then(() =>
        context.history.record({
          kind: "extract",
          started,
          url: source.url,
          input: params,
          outcome,
          metrics: { ...usage, ms },
          page,
          ...(transcript ? { transcript } : {}),
        }),
      )
      .catch(() => {})
      .finally(showOutlines);
  };
  context.emit("run.progress", { runId, stage: "started" });
  const cancelled = new Promise<never>((_, reject) =>
    signal.addEventListener("abort", () => reject(signal.reason)),
  );
  cancelled.catch(() => {});
  try {
    const work = (async () => {
      const jsonSchema = schema?.kind === "zod" ? await evaluateZod(sandbox, schema.source) : schema?.value;
      // A run started while the tab is still loading reads the page once it has arrived.
      await pageLoaded(page);
      const { model, selector, ignoreSelectors, screenshot } = options;
      const begun = await beginEngineExtract(
        {
          ...(instruction ? { instruction } : {}),
          ...(jsonSchema ? { schema: jsonSchema } : {}),
          options: {
            ...(selector ? { selector } : {}),
            ...(ignoreSelectors ? { ignoreSelectors } : {}),
            ...(screenshot ? { screenshot } : {}),
          },
          onProgress: ({ parts, done, partial }) =>
            context.emit("run.progress", {
              runId,
              stage: "part",
              parts,
              done,
              ms: performance.now() - startedMs,
              ...(partial && done > 0 && done < parts ? { partial: partial() } : {}),
            }),
        },
        {
          sessions: await context.sessionsFor(page),
          model: context.modelConfiguration(model),
          signal,
          // What act typed stays masked in what extract sends the model and shows.
          secrets: context.secrets(),
          // Heard on failure too: a run the schema check failed still cost its model calls.
          onUsage: (spent) => (usage = spent),
          onTranscript: (calls) => (transcript = keepTranscript(calls)),
        },
      );
      if (!begun.needsModel) return begun.result;
      return (await begun.answer()).result;
    })();
    unwound = work.catch(() => {}); // a cancelled run's late failure is not an unhandled rejection
    const result = await Promise.race([work, cancelled]);
    const done = metrics();
    context.emit("run.progress", { runId, stage: "finished", ms: done.ms });
    record({ ok: true, output: result });
    return { runId, ...source, result, metrics: done };
  } catch (error) {
    const stage = signal.aborted && !(error instanceof ExtractTimeoutError) ? "cancelled" : "failed";
    context.emit("run.progress", { runId, stage, ms: metrics().ms });
    record({ ok: false, error });
    // The Studio shows what the model produced against the issues, so it answers instead of failing.
    if (error instanceof SchemaValidationError)
      return {
        runId,
        ...source,
        result: error.received,
        metrics: metrics(),
        validationIssues: error.issues.map((i) => ({ path: i.path, message: i.message })),
      };
    throw error;
  } finally {
    control.end();
  }
}

/** The JSON Schema of a zod source, or an `invalid_schema` error placing each issue. */
async function evaluateZod(sandbox: SchemaSandbox, source: string): Promise<Record<string, unknown>> {
  const evaluation = await sandbox.evaluate(source);
  if (evaluation.ok) return evaluation.jsonSchema;
  throw new StudioError(
    "invalid_schema",
    `The zod schema does not evaluate: ${evaluation.issues.map(describeIssue).join("; ")}`,
    evaluation.issues.map((issue) => ({ path: ["schema", "source"], message: describeIssue(issue) })),
  );
}

function describeIssue(issue: SourceIssue): string {
  return issue.line ? `line ${issue.line}:${issue.column ?? 1}: ${issue.message}` : issue.message;
}
