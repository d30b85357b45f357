import { lazy, Suspense, useState } from "react";
import type { StudioResult } from "@loupe/studio/common";
import { JsonTree } from "../components/json-tree/json-tree.js";
import { CopyButton } from "../export/copy-button.js";

// The markdown parser (marked, 50 kB) loads with the first rendered markdown, not with the Studio.
const MarkdownView = lazy(() =>
  import("./markdown-view.js").then((module) => ({ default: module.MarkdownView })),
);

type Fetched = StudioResult<"fetch.run">;
type Format = "raw" | "markdown" | "json";

/** Bytes a base64 text stands for. */
function base64Size(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

/** What came back: status, type, encoding, headers, and the content in the form that fits it. */
export function FetchResult({ result, format }: { result: Fetched; format: Format }) {
  const headers = Object.entries(result.headers);
  return (
    <section className="fetch-result" aria-label="Fetch result">
      <dl className="fetch-facts">
        <dt>Status</dt>
        <dd aria-label="Status code">{result.statusCode}</dd>
        <dt>Content type</dt>
        <dd aria-label="Content type">{result.contentType}</dd>
        <dt>Encoding</dt>
        <dd aria-label="Encoding">{result.encoding}</dd>
        <dt>Time</dt>
        <dd>{Math.round(result.ms)} ms</dd>
      </dl>
      <FetchContent result={result} format={format} />
      <details>
        <summary>Headers ({headers.length})</summary>
        <table className="fetch-headers" aria-label="Response headers">
          <thead>
            <tr>
              <th scope="col">Header</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {headers.map(([name, value]) => (
              <tr key={name}>
                <td>{name}</td>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function FetchContent({ result, format }: { result: Fetched; format: Format }) {
  const [view, setView] = useState<"rendered" | "raw">("rendered");
  const { content } = result;
  if (typeof content !== "string") return <JsonTree value={content} label="Fetched JSON" />;
  if (result.encoding === "base64")
    return (
      <p className="fetch-binary">
        Binary content, {base64Size(content).toLocaleString()} bytes (base64 {content.length.toLocaleString()}{" "}
        characters). <CopyButton text={content} label="Copy base64" />
      </p>
    );
  const markdown = format === "markdown";
  if (markdown && !content.trim())
    return (
      <p className="hint" role="status">
        No readable content in this page: its body is empty, or the page is built by JavaScript in the
        browser, which a fetch does not run. Open it in a page tab and extract there, or fetch it as raw to
        see what the server sent.
      </p>
    );
  return (
    <div className="fetch-content">
      {markdown ? (
        <div className="view-toggle" role="group" aria-label="Markdown view">
          <button type="button" aria-pressed={view === "rendered"} onClick={() => setView("rendered")}>
            Rendered
          </button>
          <button type="button" aria-pressed={view === "raw"} onClick={() => setView("raw")}>
            Raw
          </button>
          <CopyButton text={content} label="Copy content" />
        </div>
      ) : (
        <CopyButton text={content} label="Copy content" />
      )}
      {markdown && view === "rendered" ? (
        <Suspense fallback={<article className="markdown-view" aria-label="Rendered markdown" aria-busy />}>
          <MarkdownView markdown={content} />
        </Suspense>
      ) : (
        <pre className="fetch-raw" aria-label="Raw content">
          {content}
        </pre>
      )}
    </div>
  );
}
