import { useState } from "react";
import type { RunRecord } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
import { stepsFromRun } from "../flow/flow-step.js";
import { useStudioState } from "../state/studio-state.js";
import { rerun } from "./rerun.js";
import { RunDetail } from "./run-detail.js";
import { RunDiff } from "./run-diff.js";
import { useHistory } from "./use-history.js";
import "./history-panel.css";

/** A run's cost in a few words: tokens and milliseconds. */
function costOf(run: RunRecord): string {
  if (!run.metrics) return "";
  const tokens = run.metrics.inputTokens + run.metrics.outputTokens;
  return `${Math.round(run.metrics.ms)} ms${tokens ? ` · ${tokens} tokens` : ""}`;
}

/**
 * Every run of this launch: pick one to see its inputs and outputs and to rerun it; tick two to diff
 * their results.
 */
export function HistoryPanel() {
  const client = useStudio();
  const { state, dispatch } = useStudioState();
  const runs = useHistory();
  const [selected, setSelected] = useState<string>();
  const [compared, setCompared] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<string>();
  const run = runs.find((r) => r.id === selected);
  const pair = compared.map((id) => runs.find((r) => r.id === id)).filter((r): r is RunRecord => Boolean(r));

  const toggleCompare = (id: string, on: boolean) =>
    setCompared((current) =>
      on ? [...current.filter((c) => c !== id), id].slice(-2) : current.filter((c) => c !== id),
    );

  const doRerun = async (target: RunRecord) => {
    setBusy(true);
    setError(undefined);
    try {
      await rerun(target, client, dispatch, state.variables);
    } catch (failure) {
      // The failed rerun is in the history too; the message says why here.
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const addToFlow = (target: RunRecord) => {
    setError(undefined);
    setAdded(undefined);
    const { steps } = state.workspace.flow;
    try {
      const more = stepsFromRun(target, state.workspace.flow);
      dispatch({ type: "workspace.patch", patch: { flow: { steps: [...steps, ...more] } } });
      const first = steps.length + 1;
      const last = steps.length + more.length;
      setAdded(`Added to the flow as ${first === last ? `step ${first}` : `steps ${first}–${last}`}.`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  if (runs.length === 0)
    return <p className="history-empty">No runs yet: extract, act and fetch runs appear here.</p>;
  return (
    <div className="history-panel">
      <ul className="run-list" aria-label="Runs">
        {runs.map((r) => (
          <li key={r.id} className={r.id === selected ? "selected" : ""}>
            <input
              type="checkbox"
              aria-label={`Compare ${r.kind} run ${time(r)}`}
              checked={compared.includes(r.id)}
              onChange={(e) => toggleCompare(r.id, e.target.checked)}
            />
            <button
              type="button"
              className="run-item"
              aria-pressed={r.id === selected}
              onClick={() => setSelected(r.id)}
            >
              {r.thumbnail ? (
                <img src={r.thumbnail} alt="" className="run-thumb" />
              ) : (
                <span className="run-thumb" />
              )}
              <span className="run-summary">
                <strong className={`run-kind ${r.outcome.ok ? "" : "failed"}`}>
                  {r.kind}
                  {r.outcome.ok ? "" : " (failed)"}
                </strong>{" "}
                <span className="run-time">{time(r)}</span>
                {whatRan(r) ? <span className="run-what">{whatRan(r)}</span> : null}
                <span className="run-url">{r.url}</span>
                <span className="run-cost">{costOf(r)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {added ? (
        <p role="status" className="news">
          {added}
        </p>
      ) : null}
      {pair.length === 2 ? (
        // Older to newer, whichever was ticked first.
        <RunDiff {...inTimeOrder(pair[0]!, pair[1]!)} />
      ) : (
        <p className="hint">Tick two runs to compare their results.</p>
      )}
      {run ? (
        <RunDetail
          run={run}
          busy={busy}
          onRerun={() => void doRerun(run)}
          onAddToFlow={() => addToFlow(run)}
        />
      ) : null}
    </div>
  );
}

/** The two runs as the diff takes them: the one that started first is `before`. */
function inTimeOrder(a: RunRecord, b: RunRecord): { before: RunRecord; after: RunRecord } {
  return Date.parse(a.startedAt) <= Date.parse(b.startedAt)
    ? { before: a, after: b }
    : { before: b, after: a };
}

/** What a run was asked, in one line: the instruction (extract, act) or the format (fetch). */
function whatRan(run: RunRecord): string {
  const instruction = run.input["instruction"];
  if (typeof instruction === "string" && instruction.trim()) return instruction.trim();
  if (run.kind === "extract") return "page text";
  const format = run.input["format"];
  return run.kind === "fetch" && typeof format === "string" ? format : "";
}

function time(run: RunRecord): string {
  return new Date(run.startedAt).toLocaleTimeString();
}
