import { useEffect, useState } from "react";
import { useStudio } from "../api/studio-context.js";
import { useStudioState } from "../state/studio-state.js";
import { isVariableName, placeholderNames } from "../act/act-variables.js";
import { actSnippet, extractSnippet, fetchCurl, fetchSnippet, type SnippetModel } from "./code-snippets.js";
import { CopyButton } from "./copy-button.js";

const TABS = [
  { id: "extract", label: "Extract (TypeScript)" },
  { id: "act", label: "Act (TypeScript)" },
  { id: "fetch", label: "Fetch (TypeScript)" },
  { id: "curl", label: "Fetch (curl)" },
] as const;

type TabId = (typeof TABS)[number]["id"];

/** The workspace as ready-to-run code, one tab per snippet, each with a copy button. */
export function ExportDialog({ onClose }: { onClose: () => void }) {
  const client = useStudio();
  const { state } = useStudioState();
  const [tab, setTab] = useState<TabId>("extract");
  const [model, setModel] = useState<SnippetModel>();
  const [modelError, setModelError] = useState<string>();

  // The snippets default to the model the Studio uses now (never its key).
  useEffect(() => {
    client.call("settings.get", {}).then(
      (settings) =>
        setModel({ model: settings.model, ...(settings.baseURL ? { baseURL: settings.baseURL } : {}) }),
      (error: Error) => setModelError(`The Studio's model settings could not be read: ${error.message}`),
    );
  }, [client]);

  const workspace = state.workspace;
  const code = !model
    ? (modelError ?? "Loading…")
    : tab === "extract"
      ? extractSnippet(workspace, model)
      : tab === "act"
        ? actSnippet(workspace, model, [
            ...new Set([
              ...placeholderNames(workspace.act.instruction),
              ...state.variables.map((row) => row.name.trim()).filter(isVariableName),
            ]),
          ])
        : tab === "fetch"
          ? fetchSnippet(workspace)
          : fetchCurl(workspace);
  const label = TABS.find((t) => t.id === tab)?.label ?? "";

  return (
    <div className="export-backdrop" onClick={onClose}>
      <div
        className="export-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Export to code"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === "Escape" && onClose()}
      >
        <header>
          <h2>Export to code</h2>
          <button type="button" onClick={onClose} aria-label="Close export">
            ×
          </button>
        </header>
        <div role="tablist" className="export-tabs">
          {TABS.map((t) => (
            <button key={t.id} role="tab" aria-selected={tab === t.id} onClick={() => setTab(t.id)}>
              {t.label}
            </button>
          ))}
        </div>
        <p className="export-hint">
          {tab === "curl" || tab === "fetch"
            ? "Set LOUPE_CLOUD_URL and LOUPE_API_KEY (a Loupe Cloud project key)."
            : "Run with: npx tsx snippet.ts — the model comes from LOUPE_MODEL / LOUPE_MODEL_BASE_URL or the Studio's settings, the key from the provider's variable."}
        </p>
        {tab === "extract" && state.schemaOrigin !== "typed" && workspace.schema.mode === "zod" && (
          <p className="export-hint" role="note">
            This program holds a zod schema from a file that was never checked; it runs as you: read it first.
          </p>
        )}
        <pre className="export-code" aria-label={`${label} code`}>
          {code}
        </pre>
        <CopyButton text={code} label={`Copy ${label}`} />
      </div>
    </div>
  );
}
