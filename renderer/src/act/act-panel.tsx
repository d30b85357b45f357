import { useState, type FormEvent } from "react";
import type { StudioResult } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
import { CopyButton } from "../export/copy-button.js";
import { useStudioState } from "../state/studio-state.js";
import { variablesOf } from "./act-variables.js";
import { VariableRows } from "./variable-rows.js";
import "./act-panel.css";

/** An act's answer, and whether variables were typed (then no picture of the page is kept). */
type ActRun = StudioResult<"act.run"> & { typedVariables: boolean };

/** One natural-language action on the page: the action chosen, its reusable selector, the page after. */
export function ActPanel() {
  const client = useStudio();
  const { state, dispatch } = useStudioState();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ActRun | Error>();
  const instruction = state.workspace.act.instruction;

  const run = async (event: FormEvent) => {
    event.preventDefault();
    setRunning(true);
    setResult(undefined);
    const variables = variablesOf(state.variables);
    try {
      const answer = await client.call("act.run", { instruction, ...(variables ? { variables } : {}) });
      setResult({ ...answer, typedVariables: variables !== undefined });
    } catch (error) {
      setResult(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setRunning(false);
    }
  };

  return (
    <form className="act-panel" onSubmit={run} aria-label="Act">
      <label className="field">
        <span>Instruction</span>
        <textarea
          rows={3}
          value={instruction}
          placeholder="click the Sign in button"
          onChange={(e) =>
            dispatch({ type: "workspace.patch", patch: { act: { instruction: e.target.value } } })
          }
        />
      </label>
      <VariableRows
        rows={state.variables}
        onChange={(variables) => dispatch({ type: "variables.set", variables })}
      />
      <div className="actions">
        <button type="submit" disabled={running || !instruction.trim()}>
          {running ? "Running…" : "Run act"}
        </button>
      </div>
      {result instanceof Error ? (
        <p role="alert" className="error">
          {result.message}
        </p>
      ) : result ? (
        <ActResult result={result} />
      ) : null}
    </form>
  );
}

function ActResult({ result }: { result: ActRun }) {
  const { action, page, metrics } = result;
  return (
    <section className="act-result" aria-label="Act result">
      <p className={result.success ? "ok" : "error"} role="status">
        <strong>{result.success ? "Done" : "Not done"}</strong>: {result.message}
      </p>
      {action ? (
        <dl className="act-action">
          <dt>Method</dt>
          <dd>{action.method}</dd>
          <dt>Arguments</dt>
          <dd>
            {action.arguments.length ? action.arguments.map((a) => JSON.stringify(a)).join(", ") : "none"}
          </dd>
          <dt>Description</dt>
          <dd>{action.description}</dd>
          <dt>Element</dt>
          <dd>{action.elementId}</dd>
          <dt>Selector</dt>
          <dd className="selector">
            <code aria-label="Reusable selector">{action.selector}</code>
            <CopyButton text={action.selector} label="Copy selector" />
          </dd>
        </dl>
      ) : null}
      <p className="metrics">
        {metrics.llmCalls} model call(s) · {metrics.inputTokens + metrics.outputTokens} tokens ·{" "}
        {Math.round(metrics.ms)} ms
      </p>
      <figure className="page-after">
        {result.thumbnail ? (
          <img src={result.thumbnail} alt="The page after the action" />
        ) : result.typedVariables ? (
          <p className="hint">No picture is kept of a page a variable was typed into: see the live view.</p>
        ) : null}
        <figcaption>
          After: {page.title || "(untitled)"} — {page.url}
        </figcaption>
      </figure>
    </section>
  );
}
