import { StudioError, type StudioClient } from "@loupe/studio/common";
import { valuesFor, type VariableRow } from "../act/act-variables.js";
import { stepSummary, type FlowStep } from "./flow-step.js";

/** Where one step of a run of the flow is. */
export type StepState =
  | { status: "pending" }
  | { status: "running" }
  | { status: "done"; result: unknown }
  | { status: "failed"; error: string }
  | { status: "cancelled" };

/** How a run of the whole flow ended. */
export type FlowOutcome =
  | { status: "done" }
  | { status: "failed"; step: number; error: string }
  | { status: "cancelled"; step: number };

/**
 * Runs the steps in order on the active tab, each through the same Studio method its panel calls (so
 * every step is checked, cancelled and kept in the history exactly as a run from its panel is), and
 * stops at the first failure. `signal` cancels: the step under way is asked to stop (`extract.cancel`,
 * `act.cancel`, `fetch.cancel`, `session.stop`; a wait ends at once) and no later step starts. `onStep` hears each step's state as it changes.
 */
export async function runFlow(
  steps: FlowStep[],
  client: StudioClient,
  variables: VariableRow[],
  signal: AbortSignal,
  onStep: (index: number, state: StepState) => void,
): Promise<FlowOutcome> {
  for (const [index, step] of steps.entries()) {
    if (signal.aborted) return { status: "cancelled", step: index };
    onStep(index, { status: "running" });
    try {
      const result = await runStep(step, client, variables, signal);
      if (signal.aborted) {
        onStep(index, { status: "cancelled" });
        return { status: "cancelled", step: index };
      }
      onStep(index, { status: "done", result });
    } catch (error) {
      if (signal.aborted || (error instanceof StudioError && error.code === "cancelled")) {
        onStep(index, { status: "cancelled" });
        return { status: "cancelled", step: index };
      }
      const message = error instanceof Error ? error.message : String(error);
      onStep(index, { status: "failed", error: message });
      return { status: "failed", step: index, error: message };
    }
  }
  return { status: "done" };
}

/** What a failed run of the flow says: which step, in words, and why. */
export function failureText(steps: FlowStep[], outcome: Extract<FlowOutcome, { status: "failed" }>): string {
  const step = steps[outcome.step];
  return `Step ${outcome.step + 1}${step ? ` (${stepSummary(step)})` : ""} failed: ${outcome.error}`;
}

/** One step through its method; answers what the step gave, throws what it failed with. */
async function runStep(
  step: FlowStep,
  client: StudioClient,
  variables: VariableRow[],
  signal: AbortSignal,
): Promise<unknown> {
  switch (step.kind) {
    case "navigate": {
      const page = await whileRunning(
        signal,
        () => client.call("session.stop", {}),
        () => client.call("session.navigate", { to: { url: step.params.url } }),
      );
      return { url: page.url, title: page.title };
    }
    case "extract": {
      const runId = crypto.randomUUID();
      const answer = await whileRunning(
        signal,
        () => client.call("extract.cancel", { runId }),
        () => client.call("extract.run", { ...step.params, runId }),
      );
      // Data that missed the schema is no step's output: the flow stops on it, as a program would.
      if (answer.validationIssues?.length)
        throw new Error(
          `the data missed the schema: ${answer.validationIssues
            .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
            .join("; ")}`,
        );
      return answer.result;
    }
    case "act": {
      const { variableNames, ...params } = step.params;
      const names = variableNames ?? [];
      const values = valuesFor(names, variables);
      if ("missing" in values)
        throw new Error(
          `it uses ${values.missing.map((name) => `%${name}%`).join(", ")}: enter the value under Variables in the Act panel (a flow keeps names, never values).`,
        );
      const runId = crypto.randomUUID();
      const answer = await whileRunning(
        signal,
        () => client.call("act.cancel", { runId }),
        () => client.call("act.run", { ...params, ...(names.length ? values : {}), runId }),
      );
      if (!answer.success) throw new Error(answer.message);
      return { message: answer.message, ...(answer.action ? { action: answer.action } : {}) };
    }
    case "fetch": {
      const runId = crypto.randomUUID();
      return whileRunning(
        signal,
        () => client.call("fetch.cancel", { runId }),
        () => client.call("fetch.run", { ...step.params, runId }),
      );
    }
    case "wait":
      await sleep(step.params.ms, signal);
      return { waitedMs: step.params.ms };
  }
}

/** Runs `work`, calling `stop` if the signal aborts before it settles. */
async function whileRunning<T>(
  signal: AbortSignal,
  stop: () => Promise<unknown>,
  work: () => Promise<T>,
): Promise<T> {
  const onAbort = () => void stop().catch(() => {});
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    return await work();
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/** Waits `ms`, or less when the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
