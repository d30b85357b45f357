import { useRef, useState } from "react";
import { useStudio } from "../api/studio-context.js";
import { JsonTree } from "../components/json-tree/json-tree.js";
import { useStudioState } from "../state/studio-state.js";
import { failureText, runFlow, type FlowOutcome, type StepState } from "./flow-runner.js";
import { navigateStep, stepSummary, waitStep, type FlowStep } from "./flow-step.js";
import { WaitField } from "./wait-field.js";
import "./flow-panel.css";

/**
 * The workspace's flow: its steps (added from the history's "Add to flow", or here), reordered, removed
 * and edited in place, then run as a whole on the active tab with each step's result or error beside it.
 */
export function FlowPanel() {
  const client = useStudio();
  const { state, dispatch } = useStudioState();
  const steps = state.workspace.flow.steps;
  const [states, setStates] = useState<Record<string, StepState>>({});
  const [outcome, setOutcome] = useState<FlowOutcome | "running">();
  const running = useRef<AbortController | undefined>(undefined);
  const busy = outcome === "running";

  const setSteps = (next: FlowStep[]) =>
    dispatch({ type: "workspace.patch", patch: { flow: { steps: next } } });
  const move = (index: number, by: -1 | 1) => {
    const next = [...steps];
    const [step] = next.splice(index, 1);
    if (!step) return;
    next.splice(index + by, 0, step);
    setSteps(next);
  };
  const active = state.pages.find((page) => page.active);
  const currentUrl = active && /^https?:/.test(active.url) && !active.error ? active.url : undefined;

  const run = async () => {
    if (running.current || steps.length === 0) return;
    const controller = new AbortController();
    running.current = controller;
    const ran = [...steps];
    setStates(Object.fromEntries(ran.map((step) => [step.id, { status: "pending" } as StepState])));
    setOutcome("running");
    const done = await runFlow(ran, client, state.variables, controller.signal, (index, stepState) => {
      const id = ran[index]?.id;
      if (id) setStates((current) => ({ ...current, [id]: stepState }));
    });
    running.current = undefined;
    setOutcome(done);
  };

  return (
    <div className="flow-panel">
      <p className="hint">
        Steps run in order on the active tab. Add runs from the History panel (“Add to flow”), or:
      </p>
      <div className="flow-actions">
        <button
          type="button"
          disabled={busy || !currentUrl}
          onClick={() => currentUrl && setSteps([...steps, navigateStep(currentUrl)])}
        >
          Add navigate to this page
        </button>
        <button type="button" disabled={busy} onClick={() => setSteps([...steps, waitStep()])}>
          Add wait
        </button>
      </div>
      {steps.length === 0 ? (
        <p className="flow-empty">No steps yet.</p>
      ) : (
        <ol className="flow-steps" aria-label="Flow steps">
          {steps.map((step, index) => {
            const name = `step ${index + 1}`;
            const stepState = states[step.id];
            return (
              <li key={step.id} className={`flow-step ${stepState?.status ?? ""}`}>
                <div className="flow-step-row">
                  <span className="flow-step-name">
                    <strong>{index + 1}.</strong> {stepSummary(step)}
                  </span>
                  {stepState ? <span className="flow-step-status">{stepState.status}</span> : null}
                  <span className="flow-step-buttons">
                    <button
                      type="button"
                      aria-label={`Move ${name} up`}
                      disabled={busy || index === 0}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      aria-label={`Move ${name} down`}
                      disabled={busy || index === steps.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      aria-label={`Remove ${name}`}
                      disabled={busy}
                      onClick={() => setSteps(steps.filter((s) => s.id !== step.id))}
                    >
                      ×
                    </button>
                  </span>
                </div>
                {step.kind === "wait" ? (
                  <WaitField
                    label={`Wait (ms), ${name}`}
                    ms={step.params.ms}
                    disabled={busy}
                    onChange={(ms) =>
                      setSteps(steps.map((s) => (s.id === step.id ? { ...step, params: { ms } } : s)))
                    }
                  />
                ) : null}
                {stepState?.status === "done" && step.kind !== "wait" ? (
                  <JsonTree value={stepState.result} label={`Result of ${name}`} />
                ) : null}
                {stepState?.status === "failed" ? <p className="error">{stepState.error}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
      <div className="flow-actions">
        {busy ? (
          <button type="button" onClick={() => running.current?.abort()}>
            Cancel
          </button>
        ) : (
          <button type="button" className="primary" disabled={steps.length === 0} onClick={() => void run()}>
            Run flow
          </button>
        )}
      </div>
      <FlowOutcomeLine steps={steps} outcome={outcome} />
    </div>
  );
}

/** How the last run of the flow went, in one line a screen reader announces. */
function FlowOutcomeLine({
  steps,
  outcome,
}: {
  steps: FlowStep[];
  outcome: FlowOutcome | "running" | undefined;
}) {
  if (!outcome) return null;
  if (outcome === "running")
    return (
      <p role="status" className="news">
        Running the flow…
      </p>
    );
  if (outcome.status === "failed")
    return (
      <p role="alert" className="error">
        {failureText(steps, outcome)}
      </p>
    );
  return (
    <p role="status" className="news">
      {outcome.status === "done"
        ? `The flow ran: ${steps.length} step(s) done.`
        : `Cancelled at step ${outcome.step + 1}; the steps after it did not run.`}
    </p>
  );
}
