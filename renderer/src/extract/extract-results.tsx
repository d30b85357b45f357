import type { StudioResult } from "@loupe/studio/common";
import { JsonTree } from "../components/json-tree/json-tree.js";
import { formatJsonPath } from "../components/json-tree/json-path.js";
import { CopyButton } from "../export/copy-button.js";
import { useStudioState } from "../state/studio-state.js";
import { textAnswerOf } from "./text-answer.js";
import type { RunState } from "./use-extract-run.js";

/** What the last run gave: the data as a tree, where it missed the schema, and what it cost. */
export function ExtractResults({ state, noKeyHint }: { state: RunState; noKeyHint: string | undefined }) {
  switch (state.status) {
    case "idle":
      return <p className="extract-empty">Run to see the data here (Ctrl/Cmd+Enter).</p>;
    case "running":
      return state.parts ? (
        <div className="extract-running" role="status">
          <p>
            The page is longer than the model's input budget: part {state.parts.done} of {state.parts.total}{" "}
            answered…
          </p>
          <progress aria-label="Parts answered" value={state.parts.done} max={state.parts.total} />
          {state.parts.partial !== undefined && <JsonTree value={state.parts.partial} />}
        </div>
      ) : (
        <p className="extract-running" role="status">
          Running…
        </p>
      );
    case "cancelled":
      return (
        <p className="extract-cancelled" role="status">
          Cancelled.
        </p>
      );
    case "failed":
      return (
        <div className="extract-failed" role="alert">
          <strong>{state.error.code}</strong>: {state.error.message}
          {state.error.issues && state.error.issues.length > 0 && (
            <ul>
              {state.error.issues.map((issue, index) => (
                <li key={index}>{issue.message}</li>
              ))}
            </ul>
          )}
          {noKeyHint && <p className="extract-hint">{noKeyHint}</p>}
        </div>
      );
    case "done":
      return <DoneResult answer={state.answer} />;
  }
}

function DoneResult({ answer }: { answer: StudioResult<"extract.run"> }) {
  const { metrics, validationIssues } = answer;
  const text = textAnswerOf(answer.result);
  const active = useStudioState().state.pages.find((page) => page.active);
  // The data stays after the tab moves on: say so, or it reads as the new page's.
  const elsewhere = active !== undefined && (active.pageId !== answer.pageId || active.url !== answer.url);
  return (
    <div className="extract-done">
      <p className={elsewhere ? "extract-source elsewhere" : "extract-source"} aria-label="Result source">
        {elsewhere ? <strong>From another page:</strong> : "From"} <code>{answer.url}</code>
        {elsewhere && " (not the page shown now: run again to read it)."}
      </p>
      <dl className="extract-metrics" aria-label="Run metrics">
        <div>
          <dt>Tokens</dt>
          <dd>
            {metrics.inputTokens} in / {metrics.outputTokens} out
          </dd>
        </div>
        <div>
          <dt>Model calls</dt>
          <dd>{metrics.llmCalls}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{Math.round(metrics.ms)} ms</dd>
        </div>
      </dl>
      {validationIssues && validationIssues.length > 0 && (
        <div className="extract-invalid" role="alert">
          <strong>The data does not match the schema</strong> (after one repair turn). What the model gave is
          below.
          <ul aria-label="Validation issues">
            {validationIssues.map((issue, index) => (
              <li key={index}>
                <code>{formatJsonPath(issue.path)}</code>: {issue.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {text && !validationIssues?.length ? (
        <div className="extract-text">
          <pre aria-label={text.kind === "answer" ? "Extract answer" : "Page text"} tabIndex={0}>
            {text.text}
          </pre>
          <CopyButton
            text={text.text}
            label={text.kind === "answer" ? "Copy the answer" : "Copy the page text"}
          />
        </div>
      ) : (
        <JsonTree value={answer.result} label="Extract result" />
      )}
    </div>
  );
}
