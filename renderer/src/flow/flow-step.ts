import { fetchRequestSchema, studioMethods, type RunRecord } from "@loupe/studio/common";
import { z } from "zod";
import { isVariableName } from "../act/act-variables.js";

/** The longest wait a step may hold: a flow is a script, not a scheduler. */
export const MAX_WAIT_MS = 600_000;
/** How many steps a flow holds, so a hostile file cannot make the Studio build a million rows. */
export const MAX_STEPS = 200;

/*
 * A step's params are the params of the Studio method it calls, checked by that method's own schema: a
 * step that opens is a step the service accepts, and a rule changes in one place. Only what a run picks
 * per call is left out (`runId`), and act keeps its variables' names, never their values.
 */
const urlParams = z.strictObject({ url: studioMethods["session.open"].params.shape.url.unwrap() });
const extractParams = studioMethods["extract.run"].params.omit({ runId: true });
const actParams = studioMethods["act.run"].params.omit({ runId: true, variables: true }).extend({
  variableNames: z
    .array(
      z.string().refine(isVariableName, "a %name% is letters, digits, _ and -, not starting with a digit"),
    )
    .optional(),
});
const fetchParams = fetchRequestSchema;
const waitParams = z.strictObject({ ms: z.number().int().min(0).max(MAX_WAIT_MS) });

/** A step's id: only for the UI (reorder, focus); a hand-written step may leave it out. */
const stepId = z
  .string()
  .min(1)
  .max(100)
  .default(() => crypto.randomUUID());

/** One step of a flow: what it does (`kind`) and the params it does it with. */
export const flowStepSchema = z.discriminatedUnion("kind", [
  z.strictObject({ id: stepId, kind: z.literal("navigate"), params: urlParams }),
  z.strictObject({ id: stepId, kind: z.literal("extract"), params: extractParams }),
  z.strictObject({ id: stepId, kind: z.literal("act"), params: actParams }),
  z.strictObject({ id: stepId, kind: z.literal("fetch"), params: fetchParams }),
  z.strictObject({ id: stepId, kind: z.literal("wait"), params: waitParams }),
]);

/** A flow: steps run in order on the active tab. */
export const flowSchema = z.strictObject({ steps: z.array(flowStepSchema).max(MAX_STEPS) });

/** One step of a flow. */
export type FlowStep = z.infer<typeof flowStepSchema>;
/** What a step does. */
export type FlowStepKind = FlowStep["kind"];
/** A flow, as saved in the workspace. */
export type Flow = z.infer<typeof flowSchema>;

/** The kinds a step can be, as a file must spell them. */
export const FLOW_STEP_KINDS: readonly FlowStepKind[] = ["navigate", "extract", "act", "fetch", "wait"];

/**
 * A kept run as a step: the params it ran with, as the history kept them. An extract or act run on a
 * page is the page it read, so "add to flow" adds a navigate to the run's page first when the flow does
 * not end on that page already. Throws (with the field) when the kept params no longer fit.
 */
export function stepsFromRun(run: RunRecord, flow: Flow): FlowStep[] {
  const id = crypto.randomUUID();
  const parsed = flowStepSchema.safeParse({ id, kind: run.kind, params: paramsOf(run) });
  if (!parsed.success)
    throw new Error(`This ${run.kind} run cannot be a step: ${describeIssues(parsed.error.issues)}`);
  if (run.kind === "fetch" || pageAtEnd(flow) === run.url || !/^https?:/.test(run.url)) return [parsed.data];
  return [navigateStep(run.url), parsed.data];
}

/** A step that opens `url` on the active tab. */
export function navigateStep(url: string): FlowStep {
  return { id: crypto.randomUUID(), kind: "navigate", params: { url } };
}

/** A step that waits `ms` milliseconds. */
export function waitStep(ms = 1000): FlowStep {
  return { id: crypto.randomUUID(), kind: "wait", params: { ms } };
}

/** A run's kept input as a step's params (an act's `variableNames` are already names only). */
function paramsOf(run: RunRecord): Record<string, unknown> {
  const { runId: _runId, ...rest } = run.input;
  return rest;
}

/** The page the flow's last navigate opens, if a navigate is its last page step. */
function pageAtEnd(flow: Flow): string | undefined {
  for (const step of [...flow.steps].reverse()) {
    if (step.kind === "navigate") return step.params.url;
    if (step.kind === "act") return undefined; // an action may have left the page
  }
  return undefined;
}

/** zod issues as `field: message` pairs, the field path dotted. */
export function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const field = issue.path.map(String).join(".");
      if (issue.code === "unrecognized_keys")
        return `${field ? `${field}: ` : ""}unknown field ${issue.keys.join(", ")}`;
      return `${field || "(value)"}: ${issue.message}`;
    })
    .join("; ");
}

/** A step in a few words, for lists and errors: "extract “the books”", "wait 1000 ms". */
export function stepSummary(step: FlowStep): string {
  switch (step.kind) {
    case "navigate":
      return `navigate to ${step.params.url}`;
    case "extract":
      return step.params.instruction ? `extract “${step.params.instruction}”` : "extract the page text";
    case "act":
      return `act “${step.params.instruction}”`;
    case "fetch":
      return `fetch ${step.params.url} as ${step.params.format}`;
    case "wait":
      return `wait ${step.params.ms} ms`;
  }
}
