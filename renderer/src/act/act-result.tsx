import { CopyButton } from "../export/copy-button.js";
import { useStudioState } from "../state/studio-state.js";
import type { ActAnswer, ActRunState } from "./use-act-run.js";

/** Where the latest act is: running, cancelled, timed out or failed, or what it did. */
export function ActRunResult({ state }: { state: ActRunState }) {
  switch (state.status) {
    case "idle":
      return null;
    case "running":
      return (
        <p className="act-running" role="status">
          Running…
        </p>
      );
    case "cancelled":
      return (
        <p className="act-cancelled" role="status">
          <strong>Cancelled</strong>: {state.message}
        </p>
      );
    case "failed":
      return (
        <p role="alert" className="error">
          <strong>{state.error.code === "act_timeout" ? "Timed out" : "Failed"}</strong>:{" "}
          {state.error.message}
        </p>
      );
    case "done":
      return <ActDone result={state.answer} />;
  }
}

function ActDone({ result }: { result: ActAnswer }) {
  const { action, page, metrics } = result;
  const { dispatch } = useStudioState();
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
            <button
              type="button"
              title="Try this selector in the selector box"
              onClick={() => dispatch({ type: "selector.test", selector: action.selector })}
            >
              Test
            </button>
          </dd>
        </dl>
      ) : null}
      {result.highlighted && (
        <p className="hint" role="note">
          The element is highlighted in the live view until the page changes or the next run starts.
        </p>
      )}
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
