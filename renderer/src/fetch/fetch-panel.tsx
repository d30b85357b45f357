import { useCallback, type FormEvent } from "react";
import { StudioError, type StudioParams, type StudioResult } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
import { useCancellableRun } from "../api/use-cancellable-run.js";
import { useStudioState } from "../state/studio-state.js";
import type { Workspace } from "../state/workspace.js";
import { FetchResult } from "./fetch-result.js";
import "./fetch-panel.css";

type FetchSettings = Workspace["fetch"];

/** The fetch request the workspace describes, or the reason it cannot be sent. */
export function fetchParams(fetch: FetchSettings): { params: StudioParams<"fetch.run"> } | { error: string } {
  let schema: Record<string, unknown> | undefined;
  if (fetch.format === "json") {
    if (!fetch.schema.trim()) return { error: "json needs a JSON Schema." };
    try {
      schema = JSON.parse(fetch.schema) as Record<string, unknown>;
    } catch (error) {
      return { error: `The schema is not JSON: ${(error as Error).message}` };
    }
  }
  const { url, format, proxies, allowRedirects, allowInsecureSsl, metadata } = fetch;
  return {
    params: {
      url,
      format,
      ...(schema ? { schema } : {}),
      proxies,
      allowRedirects,
      allowInsecureSsl,
      // Raw content has no metadata: the box is hidden then, and its value not sent.
      ...(metadata && format !== "raw" ? { metadata: true } : {}),
    },
  };
}

/** A URL fetched without a browser, by Loupe Cloud's fetch pipeline in the Studio service. */
export function FetchPanel() {
  const client = useStudio();
  const { state, dispatch } = useStudioState();
  const fetch = state.workspace.fetch;
  // The format is kept with the result: the content type is the target's, even for markdown.
  const cancelRun = useCallback((runId: string) => client.call("fetch.cancel", { runId }), [client]);
  const {
    state: runState,
    run: start,
    cancel,
    fail,
  } = useCancellableRun<{
    fetched: StudioResult<"fetch.run">;
    format: FetchSettings["format"];
  }>(cancelRun);
  const running = runState.status === "running";
  const patch = (change: Partial<FetchSettings>) =>
    dispatch({ type: "workspace.patch", patch: { fetch: { ...fetch, ...change } } });

  const run = (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    const request = fetchParams(fetch);
    if ("error" in request) {
      fail(new StudioError("invalid_params", request.error));
      return;
    }
    const { format } = fetch;
    // Checked again by the client against the contract; a bad URL comes back naming the field.
    start(async (runId) => ({
      fetched: await client.call("fetch.run", { ...request.params, runId }),
      format,
    }));
  };

  return (
    <div className="fetch-panel">
      <form onSubmit={run} aria-label="Fetch">
        <label className="field">
          <span>URL</span>
          <input type="url" value={fetch.url} onChange={(e) => patch({ url: e.target.value })} />
        </label>
        <fieldset className="fetch-format">
          <legend>Format</legend>
          {(["raw", "markdown", "json"] as const).map((format) => (
            <label key={format}>
              <input
                type="radio"
                name="fetch-format"
                value={format}
                checked={fetch.format === format}
                onChange={() => patch({ format })}
              />
              {format}
            </label>
          ))}
        </fieldset>
        {fetch.format === "json" ? (
          <label className="field">
            <span>JSON Schema</span>
            <textarea
              rows={6}
              value={fetch.schema}
              placeholder='{ "type": "object", "properties": { "title": { "type": "string" } } }'
              onChange={(e) => patch({ schema: e.target.value })}
            />
          </label>
        ) : null}
        <div className="fetch-flags">
          <label>
            <input
              type="checkbox"
              checked={fetch.proxies}
              onChange={(e) => patch({ proxies: e.target.checked })}
            />
            Proxies
          </label>
          <label>
            <input
              type="checkbox"
              checked={fetch.allowRedirects}
              onChange={(e) => patch({ allowRedirects: e.target.checked })}
            />
            Allow redirects
          </label>
          <label>
            <input
              type="checkbox"
              checked={fetch.allowInsecureSsl}
              onChange={(e) => patch({ allowInsecureSsl: e.target.checked })}
            />
            Allow insecure SSL
          </label>
          {fetch.format !== "raw" ? (
            <label>
              <input
                type="checkbox"
                checked={fetch.metadata}
                onChange={(e) => patch({ metadata: e.target.checked })}
              />
              Page metadata
            </label>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" disabled={running || !fetch.url.trim()}>
            {running ? "Fetching…" : "Run fetch"}
          </button>
          <button type="button" disabled={!running} onClick={cancel}>
            Cancel
          </button>
        </div>
      </form>
      {runState.status === "failed" ? (
        <p role="alert" className="error">
          {runState.error.message}
        </p>
      ) : runState.status === "cancelled" ? (
        <p role="status" className="fetch-cancelled">
          Cancelled: {runState.message}
        </p>
      ) : runState.status === "done" ? (
        <FetchResult result={runState.answer.fetched} format={runState.answer.format} />
      ) : null}
    </div>
  );
}
