/**
 * The list of problems the model is shown in its one repair turn. The sentences around it belong to
 * the prompts; this is only the list, one `path: message` bullet per issue.
 */
import type { SchemaIssue } from "../../errors.js";
import { formatIssuePath } from "./issue-path.js";

/**
 * Writes issues as a bullet list for the repair message, one `- path: message` line each.
 *
 * @param issues - Validation and link-substitution issues, with paths into the caller's value.
 * @param options.pathPrefix - Prepended to every path, so paths match the JSON the model wrote: pass
 *   `["value"]` when the model-facing schema was wrapped.
 */
export function formatRepairIssues(
  issues: readonly SchemaIssue[],
  options: { pathPrefix?: readonly (string | number)[] } = {},
): string {
  const prefix = options.pathPrefix ?? [];
  return issues
    .map((issue) => `- ${formatIssuePath([...prefix, ...issue.path])}: ${issue.message}`)
    .join("\n");
}
