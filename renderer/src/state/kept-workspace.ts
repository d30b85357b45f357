import { useEffect } from "react";
import { parseWorkspaceFile, serializeWorkspace } from "../history/workspace-file.js";
import type { SchemaOrigin, Workspace } from "./workspace.js";

/** Where the workspace being edited is kept, so a reload of the Studio does not discard it. */
const WORKSPACE_KEY = "loupe.studio.workspace";
const ORIGIN_KEY = "loupe.studio.schemaOrigin";
/** Keystrokes settle before the workspace is written: one write per pause, not one per key. */
const SETTLE_MS = 300;

/**
 * The workspace this browser kept, checked like a workspace file (storage is input too), with the
 * schema's origin: a schema opened from a file stays held after a reload, never evaluated by it. The
 * URL is this launch's (`url`): a kept one may point at a demo server that is gone.
 */
export function keptWorkspace(url: string): { workspace: Workspace; schemaOrigin: SchemaOrigin } | undefined {
  try {
    const text = localStorage.getItem(WORKSPACE_KEY);
    if (!text) return undefined;
    const parsed = parseWorkspaceFile(text);
    if (!parsed.ok) return undefined;
    const origin = localStorage.getItem(ORIGIN_KEY);
    const schemaOrigin: SchemaOrigin = origin === "file" || origin === "run" ? origin : "typed";
    return { workspace: { ...parsed.workspace, url }, schemaOrigin };
  } catch {
    return undefined; // storage off (a private window): start from a new workspace
  }
}

/** Keeps the workspace being edited in this browser's storage as it changes. */
export function useKeepWorkspace(workspace: Workspace, schemaOrigin: SchemaOrigin): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(WORKSPACE_KEY, serializeWorkspace(workspace));
        localStorage.setItem(ORIGIN_KEY, schemaOrigin);
      } catch {
        // Storage full or off: the workspace still lives in memory and can be saved to a file.
      }
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [workspace, schemaOrigin]);
}
