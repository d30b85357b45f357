import type { ClientMetrics } from "@loupe/core";
import type { StudioHandlers, StudioParsedParams, StudioResult } from "../../common/studio-api.js";
import { StudioError } from "../../common/studio-error.js";
import type { StudioContext } from "../studio-context.js";

type ExtractHandlers = Pick<StudioHandlers, "extract.run" | "extract.cancel">;

/** Extract runs, each cancellable by the id its caller chose. */
export function extractHandlers(context: StudioContext, runs: Map<string, AbortController>): ExtractHandlers {
  return {
    "extract.run": (params) => extractRun(context, runs, params),
    "extract.cancel": async ({ runId }) => {
      const run = runs.get(runId);
      run?.abort();
      return { cancelled: Boolean(run) };
    },
  };
}

async function extractRun(
  context: StudioContext,
  runs: Map<string, AbortController>,
  params: StudioParsedParams<"extract.run">,
): Promise<StudioResult<"extract.run">> {
  const client = context.client();
  const { runId, instruction, schema, options = {} } = params;
  if (runs.has(runId))
    throw new StudioError("invalid_params", `Run "${runId}" is already under way.`, [
      { path: ["runId"], message: "already in use" },
    ]);
  if (schema && !instruction)
    throw new StudioError("invalid_params", "A schema needs an instruction.", [
      { path: ["instruction"], message: "required with schema" },
    ]);
  const { model, ...rest } = options;
  const extractOptions = {
    ...rest,
    page: context.tabs.active(),
    model: context.modelConfiguration(model),
  };
  const controller = new AbortController();
  runs.set(runId, controller);
  const before = client.metrics;
  const started = performance.now();
  context.emit("run.progress", { runId, stage: "started" });
  const cancelled = new Promise<never>((_, reject) =>
    controller.signal.addEventListener("abort", () =>
      reject(new StudioError("cancelled", `Run "${runId}" was cancelled.`)),
    ),
  );
  const work = !instruction
    ? client.extract(extractOptions)
    : schema
      ? client.extract(instruction, schema.value, extractOptions)
      : client.extract(instruction, extractOptions);
  work.catch(() => {}); // a cancelled run's late failure is not an unhandled rejection
  try {
    const result = await Promise.race([work, cancelled]);
    const ms = performance.now() - started;
    context.emit("run.progress", { runId, stage: "finished", ms });
    return { runId, result, metrics: { ...difference(before, client.metrics), ms } };
  } catch (error) {
    const stage = controller.signal.aborted ? "cancelled" : "failed";
    context.emit("run.progress", { runId, stage, ms: performance.now() - started });
    throw error;
  } finally {
    runs.delete(runId);
  }
}

/** Model work between two metrics snapshots (extract only: runs are extracts). */
function difference(before: ClientMetrics, after: ClientMetrics) {
  return {
    llmCalls: after.extract.llmCalls - before.extract.llmCalls,
    inputTokens: after.extract.inputTokens - before.extract.inputTokens,
    outputTokens: after.extract.outputTokens - before.extract.outputTokens,
  };
}
