import type { RunRecord } from "@loupe/studio/common";
import { JsonTree } from "../components/json-tree/json-tree.js";
import { ModelView } from "./model-view.js";
import { variableNamesOf } from "./rerun.js";

/** One kept run: what it was asked, what came back (or how it failed), and the page after it. */
export function RunDetail({
  run,
  busy,
  onRerun,
  onAddToFlow,
}: {
  run: RunRecord;
  busy: boolean;
  onRerun: () => void;
  onAddToFlow: () => void;
}) {
  return (
    <section className="run-detail" aria-label="Run detail">
      <header>
        <h3>
          {run.kind} · {new Date(run.startedAt).toLocaleString()}
        </h3>
        <button type="button" onClick={onRerun} disabled={busy}>
          {busy ? "Rerunning…" : "Rerun"}
        </button>
        <button type="button" onClick={onAddToFlow}>
          Add to flow
        </button>
      </header>
      <p className="run-url">{run.url}</p>
      {run.metrics ? (
        <p className="run-cost">
          {run.metrics.llmCalls} model call(s) · {run.metrics.inputTokens} in / {run.metrics.outputTokens} out
          tokens · {Math.round(run.metrics.ms)} ms
        </p>
      ) : null}
      <h4>Input</h4>
      <JsonTree value={run.input} label="Run input" />
      {variableNamesOf(run).length ? (
        <p className="hint">
          Variables{" "}
          {variableNamesOf(run)
            .map((name) => `%${name}%`)
            .join(", ")}
          : their values are not kept in the history. Rerun uses the values under Variables in the Act panel.
        </p>
      ) : null}
      <h4>{run.outcome.ok ? "Output" : "Error"}</h4>
      {run.outcome.ok ? (
        <JsonTree value={run.outcome.output} label="Run output" />
      ) : (
        <p role="alert" className="error">
          {run.outcome.error.code}: {run.outcome.error.message}
        </p>
      )}
      {run.kind !== "fetch" ? <ModelView transcript={run.transcript} /> : null}
      {run.thumbnail ? <img className="run-page" src={run.thumbnail} alt="The page after the run" /> : null}
    </section>
  );
}
