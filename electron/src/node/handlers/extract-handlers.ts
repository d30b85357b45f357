import { SchemaValidationError, type ClientMetrics } from "@loupe/core";
import type { StudioHandlers, StudioParsedParams, StudioResult } from "../../common/studio-api.js";
import { StudioError } from "../../common/studio-error.js";
import { SchemaSandbox } from "../schema-sandbox/schema-sandbox.js";
import type { SourceIssue } from "../schema-sandbox/sandbox-result.js";
import type { StudioContext } from "../studio-context.js";

type ExtractHandlers = Pick<StudioHandlers, "extract.run" | "extract.cancel" | "schema.evaluate">;

/**
 * Extract runs, each cancellable by the id its caller chose, and zod sources evaluated in the sandbox
 * (one warm worker per service, started on first use).
 */
export function extractHandlers(
  context: StudioContext,
  runs: Map<string, AbortController>,
  sandbox: SchemaSandbox = new SchemaSandbox(),
): ExtractHandlers {
  return {
    "extract.run": (params) => extractRun(context, runs, sandbox, params),
    "extract.cancel": async ({ runId }) => {
      const run = runs.get(runId);
      run?.abort();
      return { cancelled: Boolean(run) };
    },
    "schema.evaluate": ({ source }) => sandbox.evaluate(source),
  };
}

async function extractRun(
  context: StudioContext,
  runs: Map<string, AbortController>,
  sandbox: SchemaSandbox,
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
  const controller = new AbortController();
  runs.set(runId, controller);
  const page = context.tabs.active();
  const started = new Date();
  const startedMs = performance.now();
  const before = client.metrics;
  const metrics = () => ({ ...difference(before, client.metrics), ms: performance.now() - startedMs });
  const record = (outcome: { ok: true; output: unknown } | { ok: false; error: unknown }) =>
    // Fire and forget: the thumbnail takes a screenshot, and the answer should not wait for it.
    void context.history
      .record({ kind: "extract", started, url: page.url(), input: params, outcome, metrics: metrics(), page })
      .catch(() => {});
  context.emit("run.progress", { runId, stage: "started" });
  try {
    const jsonSchema = schema?.kind === "zod" ? await evaluateZod(sandbox, schema.source) : schema?.value;
    const { model, ...rest } = options;
    const extractOptions = { ...rest, page, model: context.modelConfiguration(model) };
    const cancelled = new Promise<never>((_, reject) =>
      controller.signal.addEventListener("abort", () =>
        reject(new StudioError("cancelled", `Run "${runId}" was cancelled.`)),
      ),
    );
    if (controller.signal.aborted) throw new StudioError("cancelled", `Run "${runId}" was cancelled.`);
    const work = !instruction
      ? client.extract(extractOptions)
      : jsonSchema
        ? client.extract(instruction, jsonSchema, extractOptions)
        : client.extract(instruction, extractOptions);
    work.catch(() => {}); // a cancelled run's late failure is not an unhandled rejection
    const result = await Promise.race([work, cancelled]);
    const done = metrics();
    context.emit("run.progress", { runId, stage: "finished", ms: done.ms });
    record({ ok: true, output: result });
    return { runId, result, metrics: done };
  } catch (error) {
    const stage = controller.signal.aborted ? "cancelled" : "failed";
    context.emit("run.progress", { runId, stage, ms: metrics().ms });
    record({ ok: false, error });
    // The Studio shows what the model produced against the issues, so it answers instead of failing.
    if (error instanceof SchemaValidationError)
      return {
        runId,
        result: error.received,
        metrics: metrics(),
        validationIssues: error.issues.map((i) => ({ path: i.path, message: i.message })),
      };
    throw error;
  } finally {
    runs.delete(runId);
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

/** Model work between two metrics snapshots (extract only: runs are extracts). */
function difference(before: ClientMetrics, after: ClientMetrics) {
  return {
    llmCalls: after.extract.llmCalls - before.extract.llmCalls,
    inputTokens: after.extract.inputTokens - before.extract.inputTokens,
    outputTokens: after.extract.outputTokens - before.extract.outputTokens,
  };
}
