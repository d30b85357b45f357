import { useEffect, useRef, useState } from "react";
import { useStudio } from "../api/studio-context.js";
import { isVariableName, placeholderNames } from "../act/act-variables.js";
import { onTabListKey } from "../app/tab-keys.js";
import { useModalDialog } from "../components/use-modal-dialog.js";
import { useStudioState } from "../state/studio-state.js";
import { actSnippet, extractSnippet, fetchCurl, fetchSnippet, type SnippetModel } from "./code-snippets.js";
import { CopyButton } from "./copy-button.js";
import { flowCurl, flowSnippet } from "./flow-snippet.js";
import { isDemoUrl, pageTarget } from "./page-target.js";

const TABS = [
  { id: "extract", label: "Extract (TypeScript)" },
  { id: "act", label: "Act (TypeScript)" },
  { id: "fetch", label: "Fetch (TypeScript)" },
  { id: "curl", label: "Fetch (curl)" },
  { id: "flow", label: "Flow (TypeScript)" },
  { id: "flow-curl", label: "Flow fetches (curl)" },
] as const;

type TabId = (typeof TABS)[number]["id"];

/**
 * The workspace as ready-to-run code, one tab per snippet, each with a copy button. A modal dialog: it
 * takes focus, keeps Tab inside, closes on Esc or a click outside, and gives focus back on close. The
 * browser programs open the page the tab shows now (the demo shop on a server of their own).
 */
export function ExportDialog({ demoUrl, onClose }: { demoUrl: string; onClose: () => void }) {
  const client = useStudio();
  const { state } = useStudioState();
  const [tab, setTab] = useState<TabId>("extract");
  const [model, setModel] = useState<SnippetModel>();
  const [modelError, setModelError] = useState<string>();
  const dialog = useRef<HTMLDialogElement>(null);
  const selectedTab = useRef<HTMLButtonElement>(null);
  useModalDialog(dialog, onClose, selectedTab);

  // The snippets default to the model the Studio uses now (never its key).
  useEffect(() => {
    client.call("settings.get", {}).then(
      (settings) =>
        setModel({ model: settings.model, ...(settings.baseURL ? { baseURL: settings.baseURL } : {}) }),
      (error: Error) => setModelError(`The Studio's model settings could not be read: ${error.message}`),
    );
  }, [client]);

  const workspace = state.workspace;
  // The page as it is now (links followed in the live view included), not only the last address typed.
  const active = state.pages.find((page) => page.active);
  const pageUrl = active && /^https?:/.test(active.url) && !active.error ? active.url : workspace.url;
  const target = pageTarget(pageUrl, demoUrl);
  const code = !model
    ? (modelError ?? "Loading…")
    : tab === "extract"
      ? extractSnippet(workspace, model, target)
      : tab === "act"
        ? actSnippet(
            workspace,
            model,
            [
              ...new Set([
                ...placeholderNames(workspace.act.instruction),
                ...state.variables.map((row) => row.name.trim()).filter(isVariableName),
              ]),
            ],
            target,
          )
        : tab === "fetch"
          ? fetchSnippet(workspace)
          : tab === "curl"
            ? fetchCurl(workspace)
            : tab === "flow"
              ? flowSnippet(workspace.flow.steps, model, demoUrl)
              : flowCurl(workspace.flow.steps) || "# The flow has no fetch steps.";
  const label = TABS.find((t) => t.id === tab)?.label ?? "";
  const fetchesDemo = (tab === "fetch" || tab === "curl") && isDemoUrl(workspace.fetch.url, demoUrl);
  const flowTab = tab === "flow" || tab === "flow-curl";
  const flowSteps = workspace.flow.steps;

  return (
    <dialog
      ref={dialog}
      className="export-dialog"
      aria-label="Export to code"
      // A click on the backdrop lands on the dialog itself; the content sits in the frame inside it.
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="export-frame">
        <header>
          <h2>Export to code</h2>
          <button type="button" onClick={onClose} aria-label="Close export">
            ×
          </button>
        </header>
        <div
          role="tablist"
          aria-label="Snippets"
          className="export-tabs"
          onKeyDown={(event) =>
            onTabListKey(event, (index) => {
              const next = TABS[index];
              if (next) setTab(next.id);
            })
          }
        >
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={tab === t.id ? selectedTab : undefined}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <p className="export-hint">
          {tab === "curl" || tab === "fetch" || tab === "flow-curl"
            ? "Set LOUPE_CLOUD_URL and LOUPE_API_KEY (a Loupe Cloud project key)."
            : tab === "flow"
              ? "Run with: npx tsx flow.ts — it prints every step's result as JSON; a failure names its step. Fetch steps need LOUPE_CLOUD_URL and LOUPE_API_KEY."
              : "Run with: npx tsx snippet.ts — the model comes from LOUPE_MODEL / LOUPE_MODEL_BASE_URL or the Studio's settings, the key from the provider's variable."}
        </p>
        {target.kind === "demo" && (tab === "extract" || tab === "act") && (
          <p className="export-hint" role="note">
            The page is the demo shop: the program serves it itself (from @loupe/core/demo), so it runs
            without the Studio.
          </p>
        )}
        {flowTab && flowSteps.length === 0 && (
          <p className="export-hint" role="note">
            The flow has no steps yet: add runs to it from the History panel.
          </p>
        )}
        {flowTab &&
          flowSteps.some((step) => step.kind === "fetch" && isDemoUrl(step.params.url, demoUrl)) && (
            <p className="export-hint" role="note">
              A fetch step fetches the Studio's demo shop, which Loupe Cloud cannot reach: fetch a page on the
              web instead.
            </p>
          )}
        {tab === "flow" &&
          flowSteps.some((step) => step.kind === "extract" && step.params.schema?.kind === "zod") && (
            <p className="export-hint" role="note">
              This program holds the zod schemas of the flow's extract steps as code: read them first.
            </p>
          )}
        {fetchesDemo && (
          <p className="export-hint" role="note">
            The URL is the Studio's demo shop, served on this machine only while the Studio runs: Loupe Cloud
            cannot fetch it. Fetch a page on the web instead.
          </p>
        )}
        {tab === "extract" && state.schemaOrigin !== "typed" && workspace.schema.mode === "zod" && (
          <p className="export-hint" role="note">
            This program holds a zod schema from a file that was never checked; it runs as you: read it first.
          </p>
        )}
        <pre className="export-code" aria-label={`${label} code`} tabIndex={0}>
          {code}
        </pre>
        <CopyButton text={code} label={`Copy ${label}`} />
      </div>
    </dialog>
  );
}
