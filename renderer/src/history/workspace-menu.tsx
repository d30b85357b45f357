import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useStudio } from "../api/studio-context.js";
import { useStudioState } from "../state/studio-state.js";
import "./history-panel.css";
import { parseWorkspaceFile, serializeWorkspace, WORKSPACE_FILE_NAME } from "./workspace-file.js";

/** How long "Saved" and "Opened" stay. */
const NEWS_MS = 6_000;

/**
 * Save the workspace as a plain JSON file, and open one again: its fields replace the workspace and the
 * browser goes to its URL. Each says how it went; a file that is not a workspace is refused with the
 * field that is wrong, until dismissed.
 */
export function WorkspaceMenu() {
  const client = useStudio();
  const { state, dispatch } = useStudioState();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string }>();
  // Good news goes by itself after a moment; an error stays until dismissed (or the next action).
  useEffect(() => {
    if (!message || message.error) return;
    const timer = setTimeout(() => setMessage(undefined), NEWS_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const save = () => {
    const blob = new Blob([serializeWorkspace(state.workspace)], { type: "application/json" });
    const href = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = href;
    link.download = WORKSPACE_FILE_NAME;
    link.click();
    // Revoked later: revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    setMessage({ error: false, text: `Saved the workspace as ${WORKSPACE_FILE_NAME} (your downloads).` });
  };

  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // the same file can be opened again
    if (!file) return;
    const parsed = parseWorkspaceFile(await file.text());
    if (!parsed.ok) {
      setMessage({ error: true, text: `${file.name}: ${parsed.error}` });
      return;
    }
    dispatch({ type: "workspace.replace", workspace: parsed.workspace });
    setMessage({ error: false, text: `Opened ${file.name}: loading its page…` });
    try {
      await client.call("session.navigate", { to: { url: parsed.workspace.url } });
      setMessage({ error: false, text: `Opened ${file.name}.` });
    } catch (error) {
      setMessage({
        error: true,
        text: `Opened ${file.name}, but the page did not load: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  return (
    <div className="workspace-menu">
      <button type="button" onClick={save}>
        Save workspace
      </button>
      <button type="button" onClick={() => input.current?.click()}>
        Open workspace
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        aria-label="Workspace file"
        hidden
        onChange={(e) => void open(e)}
      />
      {message ? (
        <span role={message.error ? "alert" : "status"} className={message.error ? "error" : "news"}>
          {message.text}
          <button type="button" aria-label="Dismiss" title="Dismiss" onClick={() => setMessage(undefined)}>
            ×
          </button>
        </span>
      ) : null}
    </div>
  );
}
