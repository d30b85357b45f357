import { useState, type FormEvent } from "react";
import type { StudioParams, StudioResult } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
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
  const [running, setRunning] = useState(false);
  // The format is kept with the result: the content type is the target's, even for markdown.
  const [result, setResult] = useState<
    { fetched: StudioResult<"fetch.run">; format: FetchSettings["format"] } | Error
  >();
  const patch = (change: Partial<FetchSettings>) =>
    dispatch({ type: "workspace.patch", patch: { fetch: { ...fetch, ...change } } });

  const run = async (event: FormEvent) => {
    event.preventDefault();
    const request = fetchParams(fetch);
    if ("error" in request) {
      setResult(new Error(request.error));
      return;
    }
    setRunning(true);
    setResult(undefined);
    try {
      // Checked again by the client against the contract; a bad URL comes back naming the field.
      setResult({ fetched: await client.call("fetch.run", request.params), format: fetch.format });
    } catch (error) {
      setResult(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setRunning(false);
    }
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
        <button type="submit" disabled={running || !fetch.url.trim()}>
          {running ? "Fetching…" : "Run fetch"}
        </button>
      </form>
      {result instanceof Error ? (
        <p role="alert" className="error">
          {result.message}
        </p>
      ) : result ? (
        <FetchResult result={result.fetched} format={result.format} />
      ) : null}
    </div>
  );
}
