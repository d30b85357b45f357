import { describeIssues, flowStepSchema, FLOW_STEP_KINDS } from "../flow/flow-step.js";
import { workspaceSchema, type Workspace } from "../state/workspace.js";

/** The name a saved workspace gets. */
export const WORKSPACE_FILE_NAME = "loupe-workspace.json";

/** What opening a workspace file gave: the workspace, or why it cannot be used (naming the field). */
export type WorkspaceFileResult = { ok: true; workspace: Workspace } | { ok: false; error: string };

/**
 * A workspace as the plain JSON file it is saved as (checked first, so a saved file always opens). An
 * empty flow is left out: such a file still opens in a Studio from before flows, which refuses the field.
 */
export function serializeWorkspace(workspace: Workspace): string {
  const { flow, ...rest } = workspaceSchema.parse(workspace);
  return `${JSON.stringify(flow.steps.length ? { ...rest, flow } : rest, null, 2)}\n`;
}

/**
 * Reads a workspace file. Every problem names the field it is in (`fetch.format: …`), and a bad flow
 * step names the step (`flow step 3 (wait): params.ms: …`), because these files are also edited by hand
 * and "invalid file" would leave a person guessing.
 */
export function parseWorkspaceFile(text: string): WorkspaceFileResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `The file is not JSON: ${(error as Error).message}` };
  }
  const stepProblem = flowStepProblem(value);
  if (stepProblem) return { ok: false, error: `This is not a Loupe workspace: ${stepProblem}` };
  const parsed = workspaceSchema.safeParse(value);
  if (parsed.success) return { ok: true, workspace: parsed.data };
  return { ok: false, error: `This is not a Loupe workspace: ${describeIssues(parsed.error.issues)}` };
}

/**
 * The first bad step of the file's flow, in the words of that step: checked one by one so the error says
 * which step (numbered from 1, as the Flow panel shows them) and which of its params, not a union's
 * "invalid input" over the whole list.
 */
function flowStepProblem(value: unknown): string | undefined {
  const steps = (value as { flow?: { steps?: unknown } } | null)?.flow?.steps;
  if (!Array.isArray(steps)) return undefined; // not a list, or no flow: the workspace check says so
  for (const [index, step] of steps.entries()) {
    const kind = (step as { kind?: unknown } | null)?.kind;
    const name = `flow step ${index + 1}`;
    if (typeof kind !== "string" || !(FLOW_STEP_KINDS as readonly string[]).includes(kind))
      return `${name}: kind is ${JSON.stringify(kind) ?? "missing"}; a step is one of ${FLOW_STEP_KINDS.join(", ")}`;
    const parsed = flowStepSchema.safeParse(step);
    if (!parsed.success) return `${name} (${kind}): ${describeIssues(parsed.error.issues)}`;
  }
  return undefined;
}
