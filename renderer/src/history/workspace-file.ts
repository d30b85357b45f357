import { workspaceSchema, type Workspace } from "../state/workspace.js";

/** The name a saved workspace gets. */
export const WORKSPACE_FILE_NAME = "loupe-workspace.json";

/** What opening a workspace file gave: the workspace, or why it cannot be used (naming the field). */
export type WorkspaceFileResult = { ok: true; workspace: Workspace } | { ok: false; error: string };

/** A workspace as the plain JSON file it is saved as (checked first, so a saved file always opens). */
export function serializeWorkspace(workspace: Workspace): string {
  return `${JSON.stringify(workspaceSchema.parse(workspace), null, 2)}\n`;
}

/**
 * Reads a workspace file. Every problem names the field it is in (`fetch.format: …`), because these
 * files are also edited by hand and "invalid file" would leave a person guessing.
 */
export function parseWorkspaceFile(text: string): WorkspaceFileResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `The file is not JSON: ${(error as Error).message}` };
  }
  const parsed = workspaceSchema.safeParse(value);
  if (parsed.success) return { ok: true, workspace: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    const keys = issue.code === "unrecognized_keys" ? issue.keys.join(", ") : "";
    if (keys) return `${field ? `${field}: ` : ""}unknown field ${keys}`;
    return `${field || "(file)"}: ${issue.message}`;
  });
  return { ok: false, error: `This is not a Loupe workspace: ${problems.join("; ")}` };
}
