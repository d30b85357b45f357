import { useRef, useState, type ChangeEvent } from "react";
import { useStudio } from "../api/studio-context.js";
import { useStudioState } from "../state/studio-state.js";
import "./history-panel.css";
import { parseWorkspaceFile, serializeWorkspace, WORKSPACE_FILE_NAME } from "./workspace-file.js";

/**
 * Save the workspace as a plain JSON file, and open one again: its fields replace the workspace and the
 * browser goes to its URL. A file that is not a workspace is refused with the field that is wrong.
 */
export function WorkspaceMenu() {
  const client = useStudio();
  const { state, dispatch } = useStudioState();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string }>();

  const save = () => {
    const blob = new Blob([serializeWorkspace(state.workspace)], { type: "application/json" });
    const href = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = href;
    link.download = WORKSPACE_FILE_NAME;
    link.click();
    // Revoked later: revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
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
    setMessage(undefined);
    try {
      await client.call("session.navigate", { to: { url: parsed.workspace.url } });
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
        <span role="alert" className={message.error ? "error" : ""}>
          {message.text}
        </span>
      ) : null}
    </div>
  );
}
